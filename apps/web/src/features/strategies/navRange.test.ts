import { describe, expect, it } from 'vitest';
import type { StrategyRecord } from '@app/shared/schemas/strategies';
import { initialRange, windowLine } from './navRange';

const day = (d: number, h = 0) => new Date(Date.UTC(2026, 0, d, h)).toISOString();
const points = [1, 5, 10, 20, 25, 30].map((d, i) => ({ at: day(d), nav: `1.0${i}` }));
const returns = (set: Partial<StrategyRecord['returns']>): StrategyRecord['returns'] => ({
  '7d': null,
  '30d': null,
  '90d': null,
  '1y': null,
  all: null,
  ...set,
});

describe('initialRange: the window a strategy page opens on', () => {
  it('is 30 days, as on the cards and in the directory, when the record covers it', () => {
    expect(initialRange(returns({ '7d': '1.00', '30d': '2.00', all: '2.00' }))).toBe('30d');
  });

  it('is the whole record when it is younger than 30 days, never a window without a figure', () => {
    expect(initialRange(returns({ '7d': '1.00', all: '3.00' }))).toBe('all');
  });

  it('stays on 30 days for a record with no return at all (the page says so)', () => {
    expect(initialRange(returns({}))).toBe('30d');
  });
});

describe('windowLine: from the point the return is measured from to the latest NAV', () => {
  const start = { at: day(9, 12), nav: '1.015' };
  const end = { at: day(30, 8), nav: '1.06' };

  it('starts at the window’s start point, keeps the points between, ends at the latest NAV', () => {
    expect(windowLine(points, start, end)).toEqual([
      start,
      { at: day(10), nav: '1.02' },
      { at: day(20), nav: '1.03' },
      { at: day(25), nav: '1.04' },
      { at: day(30), nav: '1.05' },
      end,
    ]);
  });

  it('draws nothing for a window the record does not cover', () => {
    expect(windowLine(points, null, end)).toEqual([]);
    expect(windowLine(points, start, null)).toEqual([]);
    expect(windowLine([], end, end)).toEqual([]);
  });

  it('leaves out a point in the same second as the start or the end (one point per second)', () => {
    const sameSecond = { at: new Date(Date.parse(end.at) + 400).toISOString(), nav: '9' };
    expect(windowLine([...points, sameSecond], start, end).at(-1)).toBe(end);
    expect(windowLine([...points, sameSecond], start, end)).toHaveLength(6);
  });
});
