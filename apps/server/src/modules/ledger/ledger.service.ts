import type { DbOrTx } from '../../db/client';
import {
  assertBalanced,
  InsufficientFundsError,
  mustStayNonNegative,
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
 * Books one balanced entry inside the caller's transaction: opens missing accounts, locks every
 * account of the entry in id order, refuses to take a user account below zero, then writes the
 * entry and its postings (a trigger moves each balance by its posting; a deferred trigger checks
 * the entry sums to zero at commit).
 */
export async function postEntry(
  tx: DbOrTx,
  entry: EntryDraft,
  meta: PostMeta,
): Promise<PostedEntry> {
  assertBalanced(entry);
  await repo.ensureAccounts(
    tx,
    entry.postings.map((p) => p.account),
  );
  const locked = await repo.lockAccounts(
    tx,
    entry.postings.map((p) => p.code),
  );
  const byCode = new Map(locked.map((account) => [account.code, account]));
  const balances = new Map<string, bigint>();
  const rows: { accountId: bigint; amount: bigint }[] = [];
  for (const posting of entry.postings) {
    const account = byCode.get(posting.code);
    if (!account) throw new Error(`ledger account ${posting.code} is missing`);
    const after = account.balance + posting.amount;
    if (after < 0n && mustStayNonNegative(posting.account)) {
      throw new InsufficientFundsError(posting.code);
    }
    balances.set(posting.code, after);
    rows.push({ accountId: account.id, amount: posting.amount });
  }
  const entryId = await repo.insertEntry(tx, {
    kind: entry.kind,
    description: entry.description,
    transactionId: meta.transactionId ?? null,
    idempotencyKeyId: meta.idempotencyKeyId ?? null,
    createdBy: meta.createdBy ?? null,
    createdAt: meta.createdAt,
  });
  await repo.insertPostings(tx, entryId, rows);
  return { entryId, balances };
}
