import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { findUserById } from '../session';
import { revokeAllTokensOf } from '../api-tokens';
import { recordAudit } from '../audit';
import { enqueueMail } from '../mail';
import { languageOf } from '../notifications';
// The leaf file, not the face: the face's routes use this module's sign-in flows.
import { unlinkAllIdentitiesOf } from '../sign-in-providers/identities';
import { waysInEndedMail, type EndedWaysIn, type WaysInReason } from './other-ways-in.mail';

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
    await recordEnded(tx, user.id, { reason: event.reason, tokens, providers }, event);
    return;
  }
  await recordAndTell(ctx, tx, user, { reason: event.reason, tokens, providers }, event);
}

/**
 * Staff changed a provider's issuer or client, or removed it: the links made through it (already
 * deleted by the caller, in this transaction) are told to their owners, each in their activity
 * and by e-mail.
 */
export async function providerLinksDropped(
  ctx: AppContext,
  tx: Tx,
  userIds: string[],
  event: {
    reason: 'provider_changed' | 'provider_removed';
    provider: string;
    actorId: string;
    ip: string | null;
  },
): Promise<void> {
  for (const userId of userIds) {
    const user = await findUserById(tx, userId);
    if (!user) continue;
    await recordAndTell(
      ctx,
      tx,
      user,
      { reason: event.reason, tokens: 0, providers: [event.provider] },
      event,
    );
  }
}

function recordEnded(
  tx: Tx,
  userId: string,
  ended: { reason: string; tokens: number; providers: string[] },
  by: { actorId: string; ip: string | null },
): Promise<void> {
  return recordAudit(tx, {
    actorId: by.actorId,
    action: 'user.access_revoked',
    targetType: 'user',
    targetId: userId,
    // The person's activity shows this entry: a staff member's address is not theirs to see
    // (the staff action itself is audited with it).
    ip: by.actorId === userId ? by.ip : null,
    details: ended,
  });
}

/** In the owner's activity, and the e-mail to them: what was ended and why, in their language. */
async function recordAndTell(
  ctx: AppContext,
  tx: Tx,
  user: Pick<UserRow, 'id' | 'email' | 'name'>,
  ended: EndedWaysIn,
  by: { actorId: string; ip: string | null },
): Promise<void> {
  await recordEnded(tx, user.id, ended, by);
  const brand = { name: ctx.config.brandName, publicUrl: ctx.config.publicUrl };
  const language = await languageOf(tx, user.id);
  await enqueueMail(tx, user.email, waysInEndedMail(brand, language, user.name, ended));
}
