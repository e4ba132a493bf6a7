import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { requirePracticeStarted, requirePracticeUser } from '../ledger';
import { practiceSetting } from './settings.service';

/**
 * Who may use the practice book now (issue 42): practice switched on by the operator
 * (PRACTICE_OFF), an undeleted account with a verified e-mail (PRACTICE_EMAIL_UNVERIFIED) and, for
 * everything but opening it, a practice account (PRACTICE_NOT_STARTED). No account review, no
 * appropriateness check, no deposit. Closing a practice copy stays allowed when practice is off
 * (it only ends what is open): that path does not call this. Here, beside the setting, so that
 * every module that serves the practice book (copies, transactions, the account) can ask.
 */
export async function requirePractice(
  db: DbOrTx,
  user: UserRow,
  need: { started: boolean },
): Promise<void> {
  if (!(await practiceSetting(db)).practiceEnabled) throw refusal('PRACTICE_OFF');
  requirePracticeUser(user);
  if (need.started) await requirePracticeStarted(db, user.id);
}
