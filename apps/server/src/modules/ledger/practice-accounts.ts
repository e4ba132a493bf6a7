import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { accountCode, bookAccount } from './domain';
import * as repo from './practice-accounts.repo';
import type { PracticeAccountRow } from './practice.schema';

/*
 * The practice account's records (issue 42): who opened one, and the practice book's balance.
 * The ledger owns them so that copy-trading can ask "has this user started practice?" below the
 * practice module, which opens and resets accounts (modules/practice).
 */

export type { PracticeAccountRow } from './practice.schema';
export { insertPracticeAccount, markPracticeReset } from './practice-accounts.repo';

/**
 * Practice needs only a verified e-mail (no review, no appropriateness check, no deposit): a
 * deactivated or not-yet-activated account may practise, a deleted one may not.
 */
export function requirePracticeUser(user: UserRow): void {
  if (user.deletedAt) throw refusal('ACCOUNT_NOT_ACTIVE');
  if (user.emailVerifiedAt === null) throw refusal('PRACTICE_EMAIL_UNVERIFIED');
}

/** The user's practice account (locked for a reset), or undefined until they open it. */
export function practiceAccountOf(
  db: DbOrTx,
  userId: string,
  options: { lock: boolean } = { lock: false },
): Promise<PracticeAccountRow | undefined> {
  return repo.findPracticeAccount(db, userId, options.lock);
}

/** PRACTICE_NOT_STARTED unless the user opened their practice account. */
export async function requirePracticeStarted(db: DbOrTx, userId: string): Promise<void> {
  if (!(await repo.findPracticeAccount(db, userId))) throw refusal('PRACTICE_NOT_STARTED');
}

/** What the user's practice_available holds now. */
export function practiceAvailableCents(db: DbOrTx, userId: string): Promise<bigint> {
  return repo.balanceOf(db, accountCode(bookAccount('practice', userId, 'available')));
}
