import type { Book, TransactionKind } from '@app/shared/schemas/kinds';
import type { TransactionList } from '@app/shared/schemas/transactions';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { refusal } from '../../http/errors';
import { SelfDecisionError } from '../approvals';
import { toTransaction } from '../ledger';
import * as repo from './transactions.repo';

function cursorOf(text: string | undefined) {
  if (text === undefined) return undefined;
  const cursor = repo.decodeCursor(text);
  if (!cursor) throw refusal('INVALID_CURSOR', {}, 'cursor');
  return cursor;
}

/**
 * A user's own transactions of one book (real unless `practice`), newest first, as the API's JSON
 * text (one statement builds it).
 */
export function listOwnJson(
  ctx: AppContext,
  userId: string,
  query: { book?: Book; q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<string> {
  const cursor = cursorOf(query.cursor);
  // A page without a search is a short index read: it goes on the shared connections. A search
  // reads every transaction of the user's, so it keeps a pooled connection of its own.
  return repo.listTransactionsJson(query.q ? ctx.db : ctx.reads.db, {
    userId,
    book: query.book ?? 'real',
    ...(query.q ? { q: query.q } : {}),
    ...(cursor ? { cursor } : {}),
    limit: query.limit,
  });
}

/** A user's own transactions, newest first. */
export async function listOwn(
  ctx: AppContext,
  userId: string,
  query: { book?: Book; q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<TransactionList> {
  return JSON.parse(await listOwnJson(ctx, userId, query)) as TransactionList;
}

/** One of the user's own transactions; someone else's is simply not found. */
export async function getOwn(ctx: AppContext, userId: string, transactionId: string) {
  const row = repo.TNX_PATTERN.test(transactionId)
    ? await repo.findOwnTransaction(ctx.db, userId, transactionId)
    : undefined;
  if (!row) throw refusal('TRANSACTION_NOT_FOUND');
  return toTransaction(row);
}

/**
 * Every user's transactions, for admins: the real book's, the money list the back office works
 * from (practice transactions are virtual money; the overview counts practice apart; issue 42).
 */
export async function listAll(
  ctx: AppContext,
  query: {
    q?: string | undefined;
    cursor?: string | undefined;
    limit: number;
    status?: 'pending' | 'success' | 'failed' | undefined;
    kind?: TransactionKind | undefined;
    userId?: string | undefined;
    type?: 'credit' | 'withdraw' | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  const page = await repo.listTransactions(ctx.db, {
    book: 'real',
    ...(query.type ? { type: query.type } : {}),
    ...(query.from ? { from: new Date(`${query.from}T00:00:00Z`) } : {}),
    ...(query.to ? { to: dayAfter(query.to) } : {}),
    ...(query.userId ? { userId: query.userId } : {}),
    ...(query.q ? { q: query.q } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.cursor ? { cursor: cursorOf(query.cursor) } : {}),
    limit: query.limit,
  });
  return {
    items: page.items.map((item) => ({ ...toTransaction(item.row), user: item.user })),
    nextCursor: page.nextCursor,
  };
}

/**
 * An admin decision on a pending deposit or withdrawal, inside the caller's transaction: moves it
 * out of `pending` exactly once. 404 when there is no such transaction of that kind; 403 when it
 * is the deciding admin's own; 409 when it was already decided (including by a concurrent admin
 * who got there first).
 */
export async function decideOrThrow(
  tx: DbOrTx,
  params: {
    idOrTransactionId: string;
    kind: 'deposit' | 'withdrawal';
    status: 'success' | 'failed';
    failureReason?: string;
    decidedBy: string;
    now: Date;
  },
) {
  const decided = await repo.decidePending(tx, {
    idOrTransactionId: params.idOrTransactionId,
    kind: params.kind,
    status: params.status,
    failureReason: params.failureReason ?? null,
    decidedBy: params.decidedBy,
    now: params.now,
  });
  if (decided) return decided;
  // Not decided: say why, in this order — no such transaction of that kind, the admin's own
  // money, or decided already (including by a concurrent admin who got there first).
  const existing = await repo.findTransaction(tx, params.idOrTransactionId);
  if (!existing || existing.kind !== params.kind) {
    throw refusal(params.kind === 'deposit' ? 'DEPOSIT_NOT_FOUND' : 'WITHDRAWAL_NOT_FOUND');
  }
  if (existing.userId === params.decidedBy) {
    throw new SelfDecisionError(
      `${params.kind}.${params.status === 'success' ? 'approve' : 'reject'}`,
      'transaction',
      existing.transactionId,
    );
  }
  const succeeded = existing.status === 'success';
  throw params.kind === 'deposit'
    ? refusal('DEPOSIT_ALREADY_DECIDED', { outcome: succeeded ? 'approved' : 'rejected' })
    : refusal('WITHDRAWAL_ALREADY_DECIDED', { outcome: succeeded ? 'paid' : 'rejected' });
}

// For other modules: the transactions table is this module's. ------------------------------------

export type { NewTransaction } from './transactions.repo';

/** A new transaction row, in the caller's transaction. */
export function insertTransaction(db: DbOrTx, values: repo.NewTransaction) {
  return repo.insertTransaction(db, values);
}

/** Several new transaction rows in one statement, in the caller's transaction. */
export function insertTransactions(db: DbOrTx, values: repo.NewTransaction[]) {
  return repo.insertTransactions(db, values);
}

/** A transaction row (by uuid) locked until the caller's transaction ends. */
export function lockTransaction(db: DbOrTx, id: string) {
  return repo.lockTransaction(db, id);
}

/** The display ids ("TX-...") of transactions by uuid (a chain transfer's credited deposit). */
export function displayIdsOf(db: DbOrTx, ids: string[]) {
  return repo.displayIdsOf(db, [...new Set(ids)]);
}

/** By uuid or by TNX id; undefined for anything else. */
export function findTransaction(db: DbOrTx, idOrTransactionId: string) {
  return repo.findTransaction(db, idOrTransactionId);
}

/**
 * Records a payout's proof on its pending withdrawal, in the caller's transaction: PAYOUT_TX_USED
 * (field txHash) when the hash already proves another payout — found first, or refused by the
 * database's unique index when two admins store it at the same instant.
 */
export async function recordPayoutChainTx(
  tx: DbOrTx,
  id: string,
  chainTx: { network: string; hash: string; explorerUrl: string | null },
): Promise<void> {
  if (await repo.payoutTxUsed(tx, chainTx.hash, id)) throw refusal('PAYOUT_TX_USED', {}, 'txHash');
  try {
    await repo.setPendingChainTx(tx, id, chainTx);
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal('PAYOUT_TX_USED', {}, 'txHash');
    throw error;
  }
}

/** The payout-hash index refused a second payout (pg's error, as Drizzle wraps it or not). */
function isUniqueViolation(error: unknown): boolean {
  const pgError = (value: unknown) => value as { code?: string; constraint?: string } | undefined;
  const found = [pgError(error), pgError((error as { cause?: unknown } | undefined)?.cause)];
  return found.some(
    (candidate) =>
      candidate?.code === '23505' && candidate.constraint === 'transactions_payout_tx_once',
  );
}
