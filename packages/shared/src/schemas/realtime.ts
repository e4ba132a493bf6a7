import { z } from 'zod';
import { pricesEventSchema } from './market';

/**
 * Every event the server pushes over the realtime socket, one union for the publisher (the server's
 * `realtime.publish`), the socket client (which parses each message with it and drops what does
 * not match) and the web's handlers (`onRealtimeEvent('navs', ...)` receives the `navs` shape).
 *
 * Channels: `public` (everyone signed in: prices, NAVs, settings), `admin`, and `user:<id>` (one
 * user's own changes). A `*.changed` event only says what to refetch; it carries no figures.
 */
export const navsEventSchema = z.object({
  at: z.number().int(),
  /** Each strategy's NAV per unit now (exact decimal text). */
  navs: z.array(z.object({ id: z.string(), nav: z.string() })),
});
export type NavsEvent = z.infer<typeof navsEventSchema>;

const changed = <T extends string>(type: T) => z.object({ type: z.literal(type) });

export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('prices'), data: pricesEventSchema }),
  z.object({ type: z.literal('navs'), data: navsEventSchema }),
  changed('settings.fees.changed'),
  changed('payment_methods.changed'),
  changed('account.changed'),
  z.object({
    type: z.literal('transactions.changed'),
    // On a user's channel: the transaction (when one); on the admin channel: also its owner.
    data: z.object({ transactionId: z.string().optional(), userId: z.string().optional() }),
  }),
  z.object({
    type: z.literal('trade.changed'),
    data: z.object({ tradeId: z.string(), status: z.enum(['open', 'closed']) }),
  }),
  z.object({ type: z.literal('users.changed'), data: z.object({ id: z.string() }) }),
  changed('approvals.changed'),
  /** On a user's channel: an alert was created (refetch the bell and the list). */
  changed('notifications.changed'),
  /**
   * A chain transfer was seen, gained a confirmation, was credited, held or dropped (issue 41): on
   * its owner's channel (refetch their transfers) and on the admin channel (also its owner).
   */
  z.object({
    type: z.literal('chain.transfers.changed'),
    data: z.object({ transferId: z.string(), userId: z.string().optional() }),
  }),
]);

export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent['type'];
export type RealtimeEventOf<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>;
export type RealtimeChannel = 'public' | 'admin' | `user:${string}`;
