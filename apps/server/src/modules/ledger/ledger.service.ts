import type { DbOrTx } from '../../db/client';
import type { EntryKind } from '@app/shared/schemas/kinds';
import {
  accountCode,
  accountKind,
  accountUserId,
  assertBalanced,
  InsufficientFundsError,
  mustStayNonNegative,
  userAccount,
  type EntryDraft,
} from './domain';
import * as repo from './ledger.repo';

export interface PostMeta {
  /** The user-facing transaction this entry books (each transaction books one entry per kind). */
  transactionId?: string | null;
  idempotencyKeyId?: bigint | null;
  createdBy?: string | null;
  createdAt: Date;
}

export interface PostedEntry {
  entryId: bigint;
  /** Balances after the entry, by account code. */
  balances: Map<string, bigint>;
}

/**
 * Books one balanced entry inside the caller's transaction, in one round trip: opens missing
 * accounts, locks and checks the user accounts, refuses to take one below zero, then writes the
 * entry, its postings and the balances, the platform accounts' last (the database refuses an
 * unbalanced entry and any write to the books outside `ledger_post_entry`). Call it as the last
 * write of a transaction that posts to a hot platform account, so that row stays locked briefly.
 */
export async function postEntry(
  tx: DbOrTx,
  entry: EntryDraft,
  meta: PostMeta,
): Promise<PostedEntry> {
  assertBalanced(entry);
  const booked = await repo.bookEntry(tx, postingRows(entry), {
    kind: entry.kind,
    description: entry.description,
    transactionId: meta.transactionId ?? null,
    idempotencyKeyId: meta.idempotencyKeyId ?? null,
    createdBy: meta.createdBy ?? null,
    createdAt: meta.createdAt,
  });
  return checkedBooking(entry, booked);
}

/** One entry of a batch: what postEntry takes (a batch has no idempotency key of its own). */
type BatchItem = { entry: EntryDraft; meta: Omit<PostMeta, 'idempotencyKeyId'> };

/**
 * Books many entries in one round trip, as postEntry books one, all or nothing with the caller's
 * transaction: one entry through postEntry, more in one call of the batch function (set-based,
 * each account moved once; see ledger.repo bookEntries), for set-based work such as scheduled
 * closes. Like postEntry, call it as the transaction's last write when the entries post to a hot
 * platform account. Answers nothing: an entry that would overdraw an account throws, and no
 * caller reads the balances (see postEntriesWithBalances).
 */
export async function postEntries(tx: DbOrTx, items: BatchItem[]): Promise<void> {
  const [only] = items;
  if (only && items.length === 1) {
    await postEntry(tx, only.entry, only.meta);
    return;
  }
  const refused = await bookBatch(tx, items, { balances: false });
  // A booked batch answers nothing; a refused one answers every entry, and names the overdraft.
  if (refused.length > 0) {
    for (const { entry, one } of refused) refuseOverdraft(entry, one);
    throw new Error('ledger batch was not booked');
  }
}

/**
 * postEntries, answering each entry's id and its accounts' balances right after it (as posting
 * the entries one by one would answer them). The database computes 1,500 rows a batch of 500
 * closes for it (with 0080's other cuts, 38.3 against 46.8 ms of its CPU a batch without): only
 * for a caller that reads them.
 */
export async function postEntriesWithBalances(
  tx: DbOrTx,
  items: BatchItem[],
): Promise<PostedEntry[]> {
  const [only] = items;
  if (only && items.length === 1) return [await postEntry(tx, only.entry, only.meta)];
  const answered = await bookBatch(tx, items, { balances: true });
  // A refused batch books none of its entries: the refusal names the entry that overdrew.
  for (const { entry, one } of answered) refuseOverdraft(entry, one);
  return answered.map(({ entry, one }) => checkedBooking(entry, one));
}

/** The batch function's answer, entry by entry (none for a batch booked without balances). */
async function bookBatch(tx: DbOrTx, items: BatchItem[], answer: { balances: boolean }) {
  for (const { entry } of items) assertBalanced(entry);
  const booked = await repo.bookEntries(
    tx,
    items.map(({ entry, meta }) => ({
      postings: postingRows(entry),
      kind: entry.kind,
      description: entry.description,
      transactionId: meta.transactionId ?? null,
      createdBy: meta.createdBy ?? null,
      createdAt: meta.createdAt,
    })),
    answer,
  );
  if (booked.length === 0) return [];
  return items.map(({ entry }, i) => {
    const one = booked[i];
    if (!one) throw new Error(`ledger entry ${i} was not answered`);
    return { entry, one };
  });
}

function postingRows(entry: EntryDraft): repo.PostingRow[] {
  return entry.postings.map((p) => ({
    code: p.code,
    kind: accountKind(p.account),
    userId: accountUserId(p.account),
    amount: p.amount,
    nonNegative: mustStayNonNegative(p.account),
  }));
}

/** The balances after a booked entry; a refused one (an account would go below zero) throws. */
function checkedBooking(entry: EntryDraft, booked: repo.BookedEntry): PostedEntry {
  refuseOverdraft(entry, booked);
  const balances = new Map<string, bigint>();
  entry.postings.forEach((posting, i) => {
    const after = booked.balances[i]?.after;
    if (after == null) throw new Error(`ledger account ${posting.code} is missing`);
    balances.set(posting.code, after);
  });
  if (booked.entryId === null) throw new Error('ledger entry was not booked');
  return { entryId: booked.entryId, balances };
}

/** Throws if the entry would have taken an account that must stay non-negative below zero. */
function refuseOverdraft(entry: EntryDraft, booked: repo.BookedEntry): void {
  entry.postings.forEach((posting, i) => {
    const after = booked.balances[i]?.after;
    if (after != null && after < 0n && mustStayNonNegative(posting.account)) {
      throw new InsufficientFundsError(posting.code, after - posting.amount);
    }
  });
}

/**
 * What entries of `kind` credited a user's available account, per UTC day, oldest first: read
 * from the postings themselves (a lead trader's performance fees: `trade.fee`).
 */
export function userCreditsByDay(
  db: DbOrTx,
  userId: string,
  kind: EntryKind,
): Promise<{ day: string; cents: bigint }[]> {
  return repo.creditsByDay(db, accountCode(userAccount(userId, 'available')), kind);
}
