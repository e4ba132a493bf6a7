import { Readable } from 'node:stream';
import { csvHeader, csvRow, type CsvCell } from './domain/csv';
import type { BalanceRow, JournalRow } from './operator-exports.repo';

/**
 * The operator's exports as CSV (RFC 4180, formula-safe text, amounts as plain numbers with two
 * decimals). Each ends with a check row: the journal's postings and all balances sum to zero in a
 * double-entry ledger; if they did not, the stream is cut short instead of ending as if complete.
 */

const text = (value: string | null): CsvCell => (value === null ? null : { text: value });
const cents = (value: string): CsvCell => ({ cents: BigInt(value) });

export const JOURNAL_COLUMNS = [
  'entry_id',
  'booked_at_utc',
  'entry_kind',
  'description',
  'transaction_id',
  'posting_id',
  'account_code',
  'account_kind',
  'user_id',
  'amount',
] as const;

async function* journalChunks(batches: AsyncIterable<JournalRow[]>): AsyncGenerator<string> {
  yield csvHeader(JOURNAL_COLUMNS);
  let total = 0n;
  let postings = 0;
  for await (const batch of batches) {
    let chunk = '';
    for (const row of batch) {
      total += BigInt(row.amount);
      postings += 1;
      chunk += csvRow([
        text(row.entry_id),
        text(row.booked_at),
        text(row.entry_kind),
        text(row.description),
        text(row.transaction_id),
        text(row.posting_id),
        text(row.account_code),
        text(row.account_kind),
        text(row.user_id),
        cents(row.amount),
      ]);
    }
    yield chunk;
  }
  if (total !== 0n) throw new Error(`journal export does not balance: ${total}`);
  yield csvRow([
    { text: 'total' },
    null,
    null,
    { text: `${postings} postings` },
    null,
    null,
    null,
    null,
    null,
    { cents: total },
  ]);
}

export const BALANCE_COLUMNS = ['account_code', 'account_kind', 'user_id', 'balance'] as const;

async function* balanceChunks(batches: AsyncIterable<BalanceRow[]>): AsyncGenerator<string> {
  yield csvHeader(BALANCE_COLUMNS);
  let total = 0n;
  for await (const batch of batches) {
    let chunk = '';
    for (const row of batch) {
      total += BigInt(row.balance);
      chunk += csvRow([
        text(row.account_code),
        text(row.account_kind),
        text(row.user_id),
        cents(row.balance),
      ]);
    }
    yield chunk;
  }
  if (total !== 0n) throw new Error(`balances export does not sum to zero: ${total}`);
  yield csvRow([{ text: 'total' }, null, null, { cents: total }]);
}

export const journalCsv = (batches: AsyncIterable<JournalRow[]>) =>
  Readable.from(journalChunks(batches), { objectMode: false });
export const balancesCsv = (batches: AsyncIterable<BalanceRow[]>) =>
  Readable.from(balanceChunks(batches), { objectMode: false });
