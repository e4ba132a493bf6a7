import { z } from 'zod';
import { centsSchema } from './common';
import { practiceActivitySchema } from './practice';

/** How many strategies the overview lists: those with the most money copying them. */
export const OVERVIEW_TOP_STRATEGIES = 10;

/**
 * The admin overview: every figure computed from the ledger and the transaction projection. Users,
 * money, pending work, volumes and the strategies' AUM and copiers are real money only; practice
 * (virtual money) is counted apart in `practice`.
 */
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
  /** The users' real money; the practice book's virtual money is never in it. */
  money: z.object({
    availableCents: centsSchema,
    investedCents: centsSchema,
    heldCents: centsSchema,
  }),
  /** Practice accounts (issue 42), counted apart from every real figure here. */
  practice: practiceActivitySchema,
  pending: z.object({
    deposits: z.object({ count: z.number().int(), totalCents: centsSchema }),
    withdrawals: z.object({ count: z.number().int(), totalCents: centsSchema }),
  }),
  volumes: z.array(
    z.object({
      day: z.string(),
      depositsCents: centsSchema,
      withdrawalsCents: centsSchema,
    }),
  ),
  /**
   * The OVERVIEW_TOP_STRATEGIES strategies with the most real money copying them, most first
   * (the admin's strategies list has them all).
   */
  strategies: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      aumCents: centsSchema,
      copiers: z.number().int(),
    }),
  ),
  /** Active payment methods still showing the seed's placeholder details ("Bitcoin (BTC)"). */
  demoPaymentMethods: z.array(z.string()),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
