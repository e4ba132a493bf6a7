import { Readable } from 'node:stream';
import { lifeResult } from '../copy-trading/domain';
import type { ClosedTradeRecord } from '../copy-trading';
import { csvHeader, csvRow, type CsvCell } from './domain/csv';

/**
 * The closed-trade history as CSV: one row per closed trade, oldest close first. `amount_in` is
 * what was invested, `amount_out` what was paid back to the available balance (value − fee),
 * `profit_loss` = amount_out − amount_in (after the performance fee: what the statement calls
 * realised), `roi_pct` = profit_loss / amount_in × 100 (2 decimals, exact).
 */
export const TRADE_HISTORY_COLUMNS = [
  'trade_id',
  'opened_at_utc',
  'closed_at_utc',
  'plan',
  'strategy',
  'amount_in',
  'value_at_close',
  'performance_fee',
  'amount_out',
  'profit_loss',
  'roi_pct',
  'close_reason',
  'transaction_id',
] as const;

const text = (value: string): CsvCell => ({ text: value });
const dateTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

export function tradeHistoryRow(trade: ClosedTradeRecord): string {
  const result = lifeResult(trade.amountCents, trade.payoutCents);
  return csvRow([
    text(trade.id),
    text(dateTime(trade.openedAt)),
    text(dateTime(trade.closedAt)),
    text(trade.planTitle),
    text(trade.strategyName),
    { cents: trade.amountCents },
    { cents: trade.valueCents },
    { cents: trade.feeCents },
    { cents: trade.payoutCents },
    { cents: result.profitCents },
    { decimal: result.roiPct },
    text(trade.closeReason),
    trade.transactionId === null ? null : text(trade.transactionId),
  ]);
}

async function* chunks(pages: AsyncIterable<ClosedTradeRecord[]>): AsyncGenerator<string> {
  yield csvHeader(TRADE_HISTORY_COLUMNS);
  for await (const page of pages) yield page.map(tradeHistoryRow).join('');
}

export function tradeHistoryCsv(pages: AsyncIterable<ClosedTradeRecord[]>): Readable {
  return Readable.from(chunks(pages), { objectMode: false });
}
