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
  const data = transactionId ? { transactionId } : {};
  ctx.realtime.publish(`user:${userId}`, { type: 'transactions.changed', data });
  ctx.realtime.publish(`user:${userId}`, { type: 'account.changed' });
  ctx.realtime.publish('admin', { type: 'transactions.changed', data: { userId, transactionId } });
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
