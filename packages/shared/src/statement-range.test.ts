import { describe, expect, it } from 'vitest';
import { checkRange, lastMonthRange, MAX_RANGE_DAYS } from './statement-range';

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
