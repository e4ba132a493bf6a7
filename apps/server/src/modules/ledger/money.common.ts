import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { toTransaction } from './transaction.view';
import { InsufficientFundsError } from './domain';
import type { TransactionRow } from './ledger.schema';

/**
 * Only an active account deposits or opens trades (403 with the reason otherwise: a new account
 * waits for its first activation; a deactivated one is told it can still close and withdraw).
 */
export function requireActiveAccount(user: UserRow): void {
  if (user.deletedAt) throw refusal('ACCOUNT_NOT_ACTIVE');
  if (!user.isActive) {
    throw refusal(user.activatedAt === null ? 'ACCOUNT_NOT_ACTIVE' : 'ACCOUNT_DEACTIVATED');
  }
}

/** A deleted (anonymised) account moves no money; any other may take its money out. */
export function requireUndeletedAccount(user: UserRow): void {
  if (user.deletedAt) throw refusal('ACCOUNT_NOT_ACTIVE');
}

/** Turns the ledger's "would go below zero" into the seed's 'Insufficient balance'. */
export async function withFundsCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      const params = { availableCents: Number(error.availableCents) };
      throw refusal('INSUFFICIENT_BALANCE', params, 'amount');
    }
    throw error;
  }
}

/** After a commit: the user's screens and the admin screens refresh their money views. */
export function announceMoneyChange(ctx: AppContext, userId: string, transactionId?: string): void {
  announceMoneyChanges(ctx, [{ userId, transactionId }]);
}

/**
 * After a commit that changed several users' money (a stop-loss batch): each user's screens as
 * `announceMoneyChange` tells them, and the admin screens once — they refresh every admin view
 * whatever the event names, so one event per change only made each admin screen refresh as many
 * times (and every instance hear as many notifications: a batch of 500 closes sent 500).
 */
export function announceMoneyChanges(
  ctx: AppContext,
  changes: readonly { userId: string; transactionId?: string | undefined }[],
): void {
  for (const { userId, transactionId } of changes) {
    const data = transactionId ? { transactionId } : {};
    ctx.realtime.publish(`user:${userId}`, { type: 'transactions.changed', data });
    ctx.realtime.publish(`user:${userId}`, { type: 'account.changed' });
  }
  const [only] = changes;
  if (changes.length > 1) ctx.realtime.publish('admin', { type: 'transactions.changed', data: {} });
  else if (only) ctx.realtime.publish('admin', { type: 'transactions.changed', data: only });
}

/**
 * The answer of a money operation on one transaction: its view, and after commit the mail
 * delivery and the realtime refresh for its owner and the admins.
 */
export function transactionAnswer(ctx: AppContext, row: TransactionRow, status: number) {
  return {
    status,
    body: { transaction: toTransaction(row) },
    afterCommit: () => {
      ctx.mailer.kick();
      announceMoneyChange(ctx, row.userId, row.transactionId);
    },
  };
}
