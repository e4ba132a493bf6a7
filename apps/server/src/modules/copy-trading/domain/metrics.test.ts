import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dailyReturns,
  hasDrawdownHistory,
  pointAt,
  prepare,
  strategyMetrics,
  type NavPoint,
} from './metrics';
import { DAY_MS, Dec, HOUR_MS } from '../../market/domain';
import { toPercentText } from './precision';

const NOW = Date.UTC(2025, 6, 31);

/** One NAV per day, `navByDaysAgo[k]` at now − k days. */
function daily(navByDaysAgo: Record<number, string>, days = 30): NavPoint[] {
  const points: NavPoint[] = [];
  let nav = navByDaysAgo[days] ?? '1';
  for (let k = days; k >= 0; k--) {
    nav = navByDaysAgo[k] ?? nav;
    points.push({ at: NOW - k * DAY_MS, nav });
  }
  return points;
}

describe('strategy metrics', () => {
  it('30 days: +10% on day 20, −10% on day 10, +5% today → 3.95% return, 0.17% daily, 10% drawdown', () => {
    const series = daily({ 30: '1', 20: '1.1', 10: '0.99', 0: '1.0395' });
    expect(strategyMetrics(series, NOW)).toEqual({
      windowStart: NOW - 30 * DAY_MS,
      avgDailyReturnPct: '0.17', // (10 − 10 + 5) / 30 = 0.1666…
      maxDrawdownPct: '10.00',
      dailyReturnCount: 30,
      losingDays: 1,
    });
  });

  it('a steady loser shows its loss and drawdown honestly', () => {
    const series = daily({ 30: '1', 15: '0.9', 0: '0.8' });
    expect(strategyMetrics(series, NOW)).toMatchObject({
      avgDailyReturnPct: '-0.70', // (−10 % − 11.11… %) / 30 = −0.7037…
      maxDrawdownPct: '20.00',
      losingDays: 2,
    });
  });

  it('measures the drawdown from the NAV in force at the window start, ignoring older history', () => {
    const series = [{ at: NOW - 90 * DAY_MS, nav: '2' }, ...daily({ 30: '1', 0: '1.2' })];
    expect(strategyMetrics(series, NOW).maxDrawdownPct).toBe('0.00');
  });

  it('catches an intraday drawdown that daily closes miss', () => {
    const series = [...daily({ 30: '1', 0: '1.1' }), { at: NOW - DAY_MS / 2, nav: '0.75' }];
    expect(strategyMetrics(series, NOW).maxDrawdownPct).toBe('25.00');
  });

  it('a five-day-old strategy: drawdown from its first NAV, four daily returns (no 30-day return: window-returns.ts)', () => {
    const series = daily({ 4: '1', 0: '1.02' }, 4);
    expect(strategyMetrics(series, NOW)).toEqual({
      windowStart: NOW - 4 * DAY_MS,
      avgDailyReturnPct: '0.50',
      maxDrawdownPct: '0.00',
      dailyReturnCount: 4,
      losingDays: 0,
    });
  });

  it('ignores points after now (frozen clock)', () => {
    const series = [...daily({ 30: '1', 0: '1.1' }), { at: NOW + 1, nav: '0.5' }];
    expect(strategyMetrics(series, NOW).maxDrawdownPct).toBe('0.00');
  });

  it('states no drawdown for a strategy with less than an hour of NAV, not a 0.00 % fall', () => {
    // A strategy created 40 minutes ago: its hourly close and its live NAV.
    const young = [
      { at: NOW - 40 * 60_000, nav: '1' },
      { at: NOW, nav: '0.9999' },
    ];
    expect(strategyMetrics(young, NOW).maxDrawdownPct).toBeNull();
    // An hour of record is enough, and a flat hour is then a real 0.00 %.
    const hour = [
      { at: NOW - 60 * 60_000, nav: '1' },
      { at: NOW, nav: '1' },
    ];
    expect(strategyMetrics(hour, NOW).maxDrawdownPct).toBe('0.00');
  });

  it('returns nulls for an empty series or a single point', () => {
    const none = {
      windowStart: null,
      avgDailyReturnPct: null,
      maxDrawdownPct: null,
      dailyReturnCount: 0,
      losingDays: 0,
    };
    expect(strategyMetrics([], NOW)).toEqual(none);
    expect(strategyMetrics([{ at: NOW - DAY_MS, nav: '1' }], NOW)).toEqual(none);
  });

  it('daily returns are exact decimals, newest first', () => {
    expect(
      dailyReturns(daily({ 2: '1', 1: '1.1', 0: '1.21' }, 2), NOW).map((r) => r.toFixed()),
    ).toEqual(['0.1', '0.1']);
  });
});

describe('the 30-day drawdown divides only at a new low', () => {
  /** The window's drawdown as defined: every point's fall below the peak before it. */
  function everyPointDrawdown(series: readonly NavPoint[], now: number): string | null {
    const points = prepare(series, now);
    const base = pointAt(points, now - 30 * DAY_MS) ?? points[0];
    const last = points.at(-1);
    if (!base || !last || base === last || base.nav.lte(0)) return null;
    let peak = base.nav;
    let max = new Dec(0);
    for (const { nav } of [base, ...points.filter((p) => p.at > base.at)]) {
      if (nav.gt(peak)) peak = nav;
      const fall = peak.minus(nav).div(peak);
      if (fall.gt(max)) max = fall;
    }
    return hasDrawdownHistory(points) ? toPercentText(max.times(100)) : null;
  }

  it("states what every point's fall states, over any hourly series", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            hours: fc.integer({ min: 1, max: 40 }),
            milli: fc.integer({ min: 0, max: 2000 }),
          }),
          { minLength: 1, maxLength: 500 },
        ),
        (steps) => {
          let at = NOW - 40 * DAY_MS;
          const series = steps.map(({ hours, milli }) => {
            at += hours * HOUR_MS;
            return { at, nav: new Dec(milli).div(1000).toFixed() };
          });
          const now = at + HOUR_MS;
          expect(strategyMetrics(series, now).maxDrawdownPct).toBe(everyPointDrawdown(series, now));
        },
      ),
      { numRuns: 200 },
    );
  });
});
