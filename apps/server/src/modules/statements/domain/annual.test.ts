import { describe, expect, it } from 'vitest';
import { chainProblem, yearMonths } from './annual';
import { zeroTotals } from './statement';

describe('a year in months', () => {
  it('a past year is its twelve calendar months', () => {
    const result = yearMonths(2025, '2026-11-25');
    if (!('months' in result)) throw new Error('problem');
    expect(result.months.map((m) => m.month)).toEqual([
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
    ]);
    expect(result.months[1]).toMatchObject({ from: '2025-02-01', to: '2025-02-28' });
    expect(result.months[11]?.end).toEqual(new Date('2026-01-01T00:00:00Z'));
  });

  it('the current year stops today', () => {
    const result = yearMonths(2026, '2026-11-25');
    if (!('months' in result)) throw new Error('problem');
    expect(result.months).toHaveLength(11);
    expect(result.months[10]).toMatchObject({ from: '2026-11-01', to: '2026-11-25' });
    expect(result.months[10]?.end).toEqual(new Date('2026-11-26T00:00:00Z'));
  });

  it('a future year is refused on its field', () => {
    expect(yearMonths(2027, '2026-11-25')).toEqual({
      problem: { code: 'STATEMENT_DATE_IN_FUTURE', field: 'year' },
    });
  });
});

describe('months that must make up the year', () => {
  const totals = (deposits: bigint) => ({ ...zeroTotals(), deposits });
  const month = (opening: bigint, deposits: bigint) => ({
    opening,
    closing: opening + deposits,
    byCategory: totals(deposits),
  });

  it('chain: each opens where the last closed, and the totals add up', () => {
    const months = [month(100n, 50n), month(150n, 0n), month(150n, 25n)];
    expect(chainProblem(months, { opening: 100n, closing: 175n, byCategory: totals(75n) })).toBe(
      null,
    );
  });

  it('names the break', () => {
    expect(
      chainProblem([month(100n, 50n), month(151n, 0n)], {
        opening: 100n,
        closing: 151n,
        byCategory: totals(50n),
      }),
    ).toBe('month 2 opens elsewhere');
    expect(
      chainProblem([month(100n, 50n)], { opening: 100n, closing: 150n, byCategory: totals(49n) }),
    ).toBe("the months' deposits do not add up to the year's");
  });
});
