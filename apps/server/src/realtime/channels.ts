import type { UserRow } from '../db/schema';
import { hasAdminPowers } from '../modules/session';

/**
 * Who hears what on /realtime. `user:<id>`: that user's own account, transactions and trades;
 * `public`: prices and strategy NAVs; `admin`: back-office events that name other users' money.
 */
export type ChannelUser = Pick<
  UserRow,
  'id' | 'isAdmin' | 'isActive' | 'totpEnabledAt' | 'deletedAt'
>;

/**
 * The channels a signed-in user may hear now. The back-office feed needs admin powers (an active
 * admin with two-factor sign-in, as every admin route does): a deactivated staff account keeps its
 * own money (the product promises that) but no longer hears about everybody else's.
 */
export function channelsFor(user: ChannelUser): string[] {
  if (user.deletedAt) return [];
  const channels = [`user:${user.id}`, 'public'];
  if (hasAdminPowers(user)) channels.push('admin');
  return channels;
}

/**
 * What a user's sockets keep while a change of their access is being re-checked: nothing that
 * needs a role, so an event sent after the change can never reach them on the old rights.
 */
export function channelsWithoutRole(userId: string): string[] {
  return [`user:${userId}`, 'public'];
}
