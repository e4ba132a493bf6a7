import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { recordUserAudit } from '../audit';
import { brandOf, enqueueMail } from '../mail';
import { languageOf } from './notifications.service';
import { waysInEndedMail, type EndedWaysIn } from './ways-in-ended.mail';

/**
 * An account's other ways in (personal API tokens, linked sign-in provider accounts) ended: the
 * entry in the person's activity. Shared by the sign-in flows (credentials changed), staff
 * (every session ended, account deleted) and the providers' admin (a provider changed or removed).
 */
export function recordWaysInEnded(
  tx: Tx,
  userId: string,
  ended: { reason: string; tokens: number; providers: string[] },
  by: { actorId: string; ip: string | null },
): Promise<void> {
  return recordUserAudit(tx, userId, {
    actorId: by.actorId,
    action: 'user.access_revoked',
    // The person's activity shows this entry: a staff member's address is not theirs to see
    // (the staff action itself is audited with it).
    ip: by.actorId === userId ? by.ip : null,
    details: ended,
  });
}

/** In the owner's activity, and the e-mail to them: what was ended and why, in their language. */
export async function tellWaysInEnded(
  ctx: AppContext,
  tx: Tx,
  user: Pick<UserRow, 'id' | 'email' | 'name'>,
  ended: EndedWaysIn,
  by: { actorId: string; ip: string | null },
): Promise<void> {
  await recordWaysInEnded(tx, user.id, ended, by);
  const brand = brandOf(ctx);
  const language = await languageOf(tx, user.id);
  await enqueueMail(tx, user.email, waysInEndedMail(brand, language, user.name, ended));
}
