import { csvHeader, csvRow, type CsvCell } from './domain/csv';
import type { AnnualSummary, RangeFigures } from './statements.service';

/**
 * The annual summary as CSV: one `month` row per calendar month (the current year up to today)
 * and a `year` row, each with its opening and closing cash balance, the total per category and
 * the figures told beside them. Plain numbers with two decimals; fixed English column names.
 */
export const ANNUAL_COLUMNS = [
  'row_type',
  'period',
  'from',
  'to',
  'opening',
  'deposits',
  'withdrawals',
  'withdrawal_fees',
  'invested',
  'returned_from_trades',
  'performance_fees_received',
  'bonuses',
  'adjustments',
  'other',
  'closing',
  'realised_profit_loss',
  'performance_fees_paid',
] as const;

const text = (value: string): CsvCell => ({ text: value });

function row(type: string, label: string, from: string, to: string, f: RangeFigures): string {
  const c = (cents: bigint): CsvCell => ({ cents });
  return csvRow([
    text(type),
    text(label),
    text(from),
    text(to),
    c(f.opening),
    c(f.byCategory.deposits),
    c(f.byCategory.withdrawals),
    c(f.facts.withdrawalFees),
    c(f.byCategory.invested),
    c(f.byCategory.returnedFromTrades),
    c(f.byCategory.performanceFeesReceived),
    c(f.byCategory.bonuses),
    c(f.byCategory.adjustments),
    c(f.byCategory.other),
    c(f.closing),
    c(f.facts.realisedProfitLoss),
    c(f.facts.performanceFeesPaid),
  ]);
}

export function annualCsv(summary: AnnualSummary): string {
  const first = summary.months[0];
  const last = summary.months[summary.months.length - 1];
  return (
    csvHeader(ANNUAL_COLUMNS) +
    summary.months.map((m) => row('month', m.month, m.from, m.to, m)).join('') +
    row('year', String(summary.year), first?.from ?? '', last?.to ?? '', summary.total)
  );
}
