import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { revokeAllTokensOf } from '../api-tokens';
import { recordWaysInEnded, tellWaysInEnded, type WaysInReason } from '../notifications';
import { unlinkAllIdentitiesOf } from '../sign-in-providers';

export type { WaysInReason };

/**
 * The one place where an account's other ways in end: its personal API tokens and its linked
 * sign-in provider accounts. Every event that says the account's credentials changed or may be
 * known to someone else calls it, in the transaction that ends the sessions: a password change
 * or reset, a change of e-mail address, two-factor turned on or off, staff ending every session,
 * and the account closed or deleted. A token made with a stolen session, or a provider account
 * linked by whoever held the old password, would otherwise outlive the change.
 *
 * When something was ended, the owner is told by e-mail (in their language) what and why, and
 * it is in their activity; a closed or deleted account is not written to (its address is being
 * erased, and the closing e-mail already says every way in ended).
 */
export async function endOtherWaysIn(
  ctx: AppContext,
  tx: Tx,
  user: Pick<UserRow, 'id' | 'email' | 'name'>,
  event: { reason: WaysInReason | 'account_closed'; actorId: string; ip: string | null },
): Promise<void> {
  const now = ctx.clock.now();
  const tokens = await revokeAllTokensOf(tx, user.id, now);
  const providers = await unlinkAllIdentitiesOf(tx, user.id);
  if (tokens === 0 && providers.length === 0) return;
  if (event.reason === 'account_closed') {
    await recordWaysInEnded(tx, user.id, { reason: event.reason, tokens, providers }, event);
    return;
  }
  await tellWaysInEnded(ctx, tx, user, { reason: event.reason, tokens, providers }, event);
}
