import { describe, expect, it } from 'vitest';
import {
  checkRange,
  defaultStatementPeriod,
  lastMonthRange,
  MAX_RANGE_DAYS,
} from './statement-range';

describe('a statement range', () => {
  it.each([
    ['2026-11-25T10:00:00Z', '2026-10-01', '2026-10-31'],
    ['2026-03-01T00:00:00Z', '2026-02-01', '2026-02-28'],
    ['2024-03-31T23:59:59Z', '2024-02-01', '2024-02-29'],
    ['2027-01-15T12:00:00Z', '2026-12-01', '2026-12-31'],
  ])('on %s last month is %s to %s', (now, from, to) => {
    expect(lastMonthRange(new Date(now))).toEqual({ from, to });
  });

  it('last month is always a range the server accepts', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const { from, to } = lastMonthRange(now);
    expect(checkRange(from, to, '2026-11-25')).toHaveProperty('range');
  });

  it(`is at most ${MAX_RANGE_DAYS} days`, () => {
    expect(checkRange('2020-01-01', '2025-01-03', '2026-01-01')).toHaveProperty('range');
    expect(checkRange('2020-01-01', '2025-01-04', '2026-01-01')).toEqual({
      problem: { code: 'STATEMENT_RANGE_TOO_LONG', field: 'to', maxDays: MAX_RANGE_DAYS },
    });
  });
});

describe('the default statement period', () => {
  const NOW = new Date('2026-11-29T10:00:00Z');

  it("for an account opened today: today, and this year's summary (not an empty October)", () => {
    expect(defaultStatementPeriod(NOW, new Date('2026-11-29T09:00:00Z'))).toEqual({
      from: '2026-11-29',
      to: '2026-11-29',
      year: 2026,
    });
  });

  it('for an account opened last month: since it opened, to today', () => {
    expect(defaultStatementPeriod(NOW, new Date('2026-10-20T23:30:00Z'))).toEqual({
      from: '2026-10-20',
      to: '2026-11-29',
      year: 2026,
    });
  });

  it("for an older account: last month and this month to date, and last year's summary", () => {
    expect(defaultStatementPeriod(NOW, new Date('2025-03-02T00:00:00Z'))).toEqual({
      from: '2026-10-01',
      to: '2026-11-29',
      year: 2025,
    });
    expect(
      defaultStatementPeriod(new Date('2027-01-03T08:00:00Z'), new Date('2026-06-01')),
    ).toEqual({ from: '2026-12-01', to: '2027-01-03', year: 2026 });
  });

  it('is always a range the server accepts', () => {
    for (const opened of ['2026-11-29T09:00:00Z', '2020-01-01T00:00:00Z', '2026-12-01T00:00:00Z']) {
      const { from, to } = defaultStatementPeriod(NOW, new Date(opened));
      expect(checkRange(from, to, '2026-11-29')).toHaveProperty('range');
    }
  });
});
