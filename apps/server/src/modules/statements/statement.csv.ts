import { Readable } from 'node:stream';
import { csvHeader, csvRow, type CsvCell } from './domain/csv';
import { STATEMENT_CATEGORIES, type StatementLine } from './domain/statement';
import { describeMovement, type StatementMessages } from './statements.messages';
import type { OpenStatement } from './statements.service';

/**
 * The statement as one CSV table (RFC 4180, UTF-8, CRLF). `row_type` tells the rows apart:
 * `opening` (balance only), one `movement` per ledger entry that moved the user's cash,
 * `closing`, then `summary` rows (the total per category in `amount`) and `note` rows (figures
 * told beside the movements). Column names are fixed English identifiers for tools; labels and
 * movement descriptions are in the statement's language (as in the PDF; `category` is the stable
 * identifier). Amounts are plain numbers with two decimals.
 */
export const CSV_COLUMNS = [
  'row_type',
  'date_utc',
  'transaction_id',
  'category',
  'description',
  'amount',
  'fee',
  'balance',
] as const;

const text = (value: string): CsvCell => ({ text: value });
const cents = (value: bigint): CsvCell => ({ cents: value });

/** "2026-10-05 14:03:22": a date-time spreadsheets read as one, in UTC. */
const dateTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

function movementRow(line: StatementLine, m: StatementMessages): string {
  return csvRow([
    text('movement'),
    text(dateTime(line.at)),
    line.transactionId === null ? null : text(line.transactionId),
    text(line.category),
    text(describeMovement(line, m)),
    cents(line.amount),
    line.fee === 0n ? null : cents(line.fee),
    cents(line.balance),
  ]);
}

async function* chunks(statement: OpenStatement, m: StatementMessages): AsyncGenerator<string> {
  const { header } = statement;
  yield (
    csvHeader(CSV_COLUMNS) +
    csvRow([
      text('opening'),
      text(`${header.range.from} 00:00:00`),
      null,
      null,
      text(m.openingBalance),
      null,
      null,
      cents(header.opening),
    ])
  );
  // One chunk per keyset page: the response is written as the rows are read.
  for await (const page of statement.lines())
    yield page.map((line) => movementRow(line, m)).join('');
  let tail = csvRow([
    text('closing'),
    text(`${header.range.to} 23:59:59`),
    null,
    null,
    text(m.closingBalance),
    null,
    null,
    cents(header.closing),
  ]);
  for (const category of STATEMENT_CATEGORIES) {
    const total = header.byCategory[category];
    if (total === 0n && category === 'other') continue;
    tail += csvRow([
      text('summary'),
      null,
      null,
      text(category),
      text(m.categories[category]),
      cents(total),
      null,
      null,
    ]);
  }
  const notes: [string, string, bigint][] = [
    ['withdrawal_fees', m.withdrawalFees, header.facts.withdrawalFees],
    ['realised_profit_loss', m.realisedProfitLoss, header.facts.realisedProfitLoss],
    ['performance_fees_paid', m.performanceFeesPaid, header.facts.performanceFeesPaid],
    ['held_for_pending_withdrawals', m.heldAtClose, header.facts.heldAtClose],
  ];
  for (const [key, label, value] of notes) {
    tail += csvRow([text('note'), null, null, text(key), text(label), cents(value), null, null]);
  }
  yield tail;
}

/** The CSV, streamed (backpressure from the client paces the database reads). */
export function statementCsv(statement: OpenStatement, messages: StatementMessages): Readable {
  return Readable.from(chunks(statement, messages), { objectMode: false });
}
