import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import * as repo from './session.repo';
import { verifyPassword } from '../../lib/crypto';

/**
 * Re-authentication before making a new way into the account (a personal API token): a session
 * alone is not enough, since whoever stole one could otherwise keep reading after the owner
 * changed the password. Proof is the account's password, or a sign-in less than `freshMs` old
 * (an account opened through a sign-in provider has no password until its owner sets one).
 */
export type Reauth =
  { kind: 'password'; password: string } | { kind: 'fresh_sign_in'; freshMs: number };

/**
 * Checks the password first, outside any transaction (it is slow on purpose); false when wrong.
 * The hash it was checked against is what `confirmReauth` holds the locked row to.
 */
export function passwordProves(user: UserRow, password: string): Promise<boolean> {
  return verifyPassword(user.passwordHash, password);
}

/**
 * Inside the caller's transaction: locks the user's row (a password change, a reset, a change of
 * address, two-factor turned on or off and staff ending the sessions all write it, so they wait
 * for this transaction or it waits for them) and checks, on what is now committed, that the
 * proof still holds: the account is there, the session is live, the account is not deactivated
 * (one still waiting for its first review is not), and the password is the one that was checked
 * (or the session signed in recently enough).
 */
export async function confirmReauth(
  tx: Tx,
  checked: UserRow,
  sessionId: string,
  proof: Reauth,
  now: Date,
): Promise<'ok' | 'inactive' | 'not_proven'> {
  const user = await repo.lockUser(tx, checked.id);
  if (!user || user.deletedAt) throw refusal('UNAUTHENTICATED');
  const session = await repo.findLiveSession(tx, user.id, sessionId, now);
  if (!session) throw refusal('UNAUTHENTICATED');
  if (!user.isActive && user.activatedAt !== null) return 'inactive';
  const proven =
    proof.kind === 'password'
      ? user.passwordHash === checked.passwordHash
      : now.getTime() - session.createdAt.getTime() < proof.freshMs;
  return proven ? 'ok' : 'not_proven';
}

/**
 * Inside the caller's transaction: locks the user's row and tells whether the password checked
 * before the transaction (against `checked`) is still the account's. A password change or reset
 * committed in between (it writes the row) makes this false, so what the old password proved is
 * not written after the change that should have ended it (a provider link, like a token).
 */
export async function passwordUnchanged(tx: Tx, checked: UserRow): Promise<boolean> {
  const user = await repo.lockUser(tx, checked.id);
  return !!user && !user.deletedAt && user.passwordHash === checked.passwordHash;
}
