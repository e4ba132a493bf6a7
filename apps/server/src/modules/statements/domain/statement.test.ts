import { describe, expect, it } from 'vitest';
import {
  MAX_RANGE_DAYS,
  StatementBuilder,
  checkRange,
  closingFrom,
  statementFileName,
  totalsByCategory,
  typeOf,
  type CashMovement,
} from './statement';
import { STATEMENT_MESSAGES } from '../statements.messages';

const at = (iso: string) => new Date(iso);
let nextId = 1n;
function movement(entryKind: string, amount: bigint, fee = 0n): CashMovement {
  nextId += 1n;
  return {
    entryId: nextId,
    entryKind,
    at: at('2026-10-05T10:00:00Z'),
    transactionId: `TNX-${String(nextId).padStart(6, '0')}`,
    description: entryKind,
    amount,
    fee,
  };
}

describe('a statement of cash over one month', () => {
  it('deposit, trade opened and closed at a profit, paid withdrawal with fee, adjustment, bonus', () => {
    const builder = new StatementBuilder(12_345n);
    const lines = [
      movement('deposit', 100_000n),
      movement('trade.open', -50_000n),
      movement('trade.close', 53_217n),
      movement('withdrawal.pay', -15_000n, 1_500n),
      movement('adjustment.balance', -250n),
      movement('bonus.referral', 10_000n),
    ].map((m) => builder.add(m));

    expect(lines.map((l) => l.balance)).toEqual([
      112_345n,
      62_345n,
      115_562n,
      100_562n,
      100_312n,
      110_312n,
    ]);
    expect(lines.map((l) => l.category)).toEqual([
      'deposits',
      'invested',
      'returnedFromTrades',
      'withdrawals',
      'adjustments',
      'bonuses',
    ]);
    const totals = builder.totals();
    expect(totals).toEqual({
      opening: 12_345n,
      closing: 110_312n,
      movements: 6,
      byCategory: {
        deposits: 100_000n,
        withdrawals: -15_000n,
        invested: -50_000n,
        returnedFromTrades: 53_217n,
        performanceFeesReceived: 0n,
        bonuses: 10_000n,
        adjustments: -250n,
        other: 0n,
      },
    });
    expect(closingFrom(totals.opening, totals.byCategory)).toBe(totals.closing);
  });

  it('no movements: closing is the opening', () => {
    const totals = new StatementBuilder(4_200n).totals();
    expect(totals.closing).toBe(4_200n);
    expect(totals.movements).toBe(0);
  });

  it('refuses a movement of nothing (a hold or its release never reaches a statement)', () => {
    expect(() => new StatementBuilder(0n).add(movement('withdrawal.hold', 0n))).toThrow();
  });

  it('an entry kind it does not know is summed under other, so the statement still reconciles', () => {
    const builder = new StatementBuilder(100n);
    builder.add(movement('something.new', 7n));
    expect(builder.totals().byCategory.other).toBe(7n);
    expect(builder.totals().closing).toBe(107n);
  });

  it('totals the ledger aggregate per entry kind into the same categories', () => {
    const totals = totalsByCategory([
      ['deposit', 500n],
      ['adjustment.profit', 30n],
      ['adjustment.balance', -10n],
      ['adjustment.bonus', 5n],
      ['bonus.referral', 100n],
      ['trade.fee', 12n],
    ]);
    expect(totals.deposits).toBe(500n);
    expect(totals.adjustments).toBe(20n);
    expect(totals.bonuses).toBe(105n);
    expect(totals.performanceFeesReceived).toBe(12n);
  });
});

describe('the date range', () => {
  const today = '2026-11-25';

  it('is whole UTC days, both ends included', () => {
    const result = checkRange('2026-10-01', '2026-10-31', today);
    expect(result).toEqual({
      range: {
        from: '2026-10-01',
        to: '2026-10-31',
        start: new Date('2026-10-01T00:00:00.000Z'),
        end: new Date('2026-11-01T00:00:00.000Z'),
      },
    });
  });

  it('one day, today included', () => {
    expect(checkRange(today, today, today)).toHaveProperty('range');
  });

  it.each([
    ['2026-02-30', '2026-03-01', 'STATEMENT_DATE_INVALID', 'from'],
    ['2026-01-01', '2026-13-01', 'STATEMENT_DATE_INVALID', 'to'],
    ['1969-12-31', '2026-01-01', 'STATEMENT_DATE_INVALID', 'from'],
    ['2026-10-31', '2026-10-01', 'STATEMENT_RANGE_REVERSED', 'to'],
    ['2026-11-26', '2026-11-27', 'STATEMENT_DATE_IN_FUTURE', 'from'],
    ['2026-11-01', '2026-11-26', 'STATEMENT_DATE_IN_FUTURE', 'to'],
    ['2020-01-01', '2026-11-25', 'STATEMENT_RANGE_TOO_LONG', 'to'],
  ])('%s to %s: %s on %s', (from, to, code, field) => {
    const result = checkRange(from, to, today);
    expect(result).toHaveProperty('problem');
    if ('problem' in result) {
      expect(result.problem.code).toBe(code);
      expect(result.problem.field).toBe(field);
    }
  });

  it(`allows exactly ${MAX_RANGE_DAYS} days and not one more`, () => {
    const start = Date.UTC(2020, 0, 1);
    const day = (n: number) => new Date(start + n * 86_400_000).toISOString().slice(0, 10);
    expect(checkRange(day(0), day(MAX_RANGE_DAYS - 1), today)).toHaveProperty('range');
    expect(checkRange(day(0), day(MAX_RANGE_DAYS), today)).toHaveProperty('problem');
  });

  it('names the file after the brand and the range, ASCII only', () => {
    const range = checkRange('2026-10-01', '2026-10-31', today);
    if (!('range' in range)) throw new Error('range');
    expect(statementFileName('Nestrado', range.range, 'pdf')).toBe(
      'nestrado-statement-2026-10-01-to-2026-10-31.pdf',
    );
    expect(statementFileName('Bäck & Co', range.range, 'csv')).toBe(
      'b-ck-co-statement-2026-10-01-to-2026-10-31.csv',
    );
  });
});

describe('the Type of money back from a trade', () => {
  it('reads a close as closed, a removal as funds taken out and a claim as profit claimed', () => {
    const builder = new StatementBuilder(0n);
    const line = (transactionKind: string) =>
      builder.add({ ...movement('trade.close', 100n), transactionKind });
    const types = ['trade_close', 'trade_remove', 'profit_claim'].map(
      (kind) => STATEMENT_MESSAGES.en.types[typeOf(line(kind))],
    );
    expect(types).toEqual(['Trade closed', 'Funds taken out', 'Profit claimed']);
    // The categories (and so the totals) stay: all three are money returned from trades.
    expect(builder.add(movement('trade.close', 1n)).category).toBe('returnedFromTrades');
  });
});
