import { z } from 'zod';

/** The admin overview: every figure computed from the ledger and the transaction projection. */
export const adminOverviewSchema = z.object({
  /**
   * The same sets the admin's user list shows under All, Active and Awaiting review (admins
   * included), so each figure matches the list it links to; `closed` are the closed accounts that
   * All lists too.
   */
  users: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    active: z.number().int(),
    closed: z.number().int(),
  }),
  money: z.object({
    availableCents: z.number().int(),
    investedCents: z.number().int(),
    heldCents: z.number().int(),
  }),
  pending: z.object({
    deposits: z.object({ count: z.number().int(), totalCents: z.number().int() }),
    withdrawals: z.object({ count: z.number().int(), totalCents: z.number().int() }),
  }),
  volumes: z.array(
    z.object({
      day: z.string(),
      depositsCents: z.number().int(),
      withdrawalsCents: z.number().int(),
    }),
  ),
  strategies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      aumCents: z.number().int(),
      copiers: z.number().int(),
    }),
  ),
  /** Active payment methods still showing the seed's placeholder details ("Bitcoin (BTC)"). */
  demoPaymentMethods: z.array(z.string()),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
