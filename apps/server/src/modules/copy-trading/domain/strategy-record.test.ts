import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, Dec, HOUR_MS } from '../../market/domain';
import { strategyMetrics, type NavPoint } from './metrics';
import {
  closedPositions,
  copierOutcomes,
  copyingFromDays,
  copyingOverTime,
  copyUnitSteps,
  dailyCloses,
  keptCopierOutcomes,
  dailyDeepestDrawdowns,
  drawdowns,
  monthlyReturns,
  quantile,
  recordFigures,
  riskFigures,
  riskScore,
} from './strategy-record';

const NOW = Date.UTC(2025, 7, 10, 12);
const daysAgo = (days: number) => NOW - days * DAY_MS;

describe('monthly returns', () => {
  it('splits at the first instant of each month (UTC); the current month is partial', () => {
    const series: NavPoint[] = [
      { at: Date.UTC(2025, 5, 15), nav: '1' },
      { at: Date.UTC(2025, 5, 30, 23, 59), nav: '1.1' },
      { at: Date.UTC(2025, 6, 1, 0, 0), nav: '1.2' }, // July's, not June's
      { at: Date.UTC(2025, 6, 31, 12), nav: '0.99' },
      { at: Date.UTC(2025, 7, 10), nav: '1.089' },
    ];
    expect(monthlyReturns(series, NOW)).toEqual([
      { month: '2025-06', returnPct: '10.00', partial: false }, // from its first NAV
      { month: '2025-07', returnPct: '-10.00', partial: false }, // 0.99 / 1.1
      { month: '2025-08', returnPct: '10.00', partial: true }, // 1.089 / 0.99
    ]);
  });

  it('crosses a year end; a month with only the first NAV has no row', () => {
    const series: NavPoint[] = [
      { at: Date.UTC(2024, 11, 31), nav: '2' },
      { at: Date.UTC(2025, 0, 31), nav: '2' },
      { at: Date.UTC(2025, 1, 1), nav: '2.5' },
    ];
    expect(monthlyReturns(series, Date.UTC(2025, 1, 2))).toEqual([
      { month: '2025-01', returnPct: '0.00', partial: false },
      { month: '2025-02', returnPct: '25.00', partial: true },
    ]);
  });
});

describe('drawdowns', () => {
  it('measures each point from the highest NAV before it', () => {
    const series = ['1', '1.2', '0.9', '1.08', '1.3'].map((nav, i) => ({
      at: daysAgo(4 - i),
      nav,
    }));
    expect(drawdowns(series, NOW)).toEqual({
      maxDrawdownPct: '25.00',
      series: ['0.00', '0.00', '25.00', '10.00', '0.00'].map((drawdownPct, i) => ({
        at: daysAgo(4 - i),
        drawdownPct,
      })),
    });
  });

  it('says nothing from a single NAV', () => {
    expect(drawdowns([{ at: NOW, nav: '1' }], NOW)).toEqual({ maxDrawdownPct: null, series: [] });
  });

  it('says nothing before an hour of NAV, by the same rule as the plan cards', () => {
    const young = [
      { at: NOW - 30 * 60_000, nav: '1' },
      { at: NOW, nav: '0.9' },
    ];
    expect(drawdowns(young, NOW)).toEqual({ maxDrawdownPct: null, series: [] });
    expect(strategyMetrics(young, NOW).maxDrawdownPct).toBeNull();
  });
});

describe('the drawdown chart: each day at its deepest', () => {
  const day = (d: number, hour: number) => Date.UTC(2025, 7, d, hour);
  // 1 Aug: 1.00 → 1.20 (new high); 2 Aug: falls to 0.90 at 10:00 and recovers to 1.14 by 23:00;
  // 3 Aug: 1.08, then 1.02 at 20:00; 4 Aug: a new high.
  const intradayFall: NavPoint[] = [
    { at: day(1, 0), nav: '1' },
    { at: day(1, 12), nav: '1.2' },
    { at: day(2, 10), nav: '0.9' },
    { at: day(2, 23), nav: '1.14' },
    { at: day(3, 6), nav: '1.08' },
    { at: day(3, 20), nav: '1.02' },
    { at: day(4, 9), nav: '1.26' },
  ];
  const now = day(4, 12);

  it('keeps an intraday fall the day’s last NAV would hide, so the chart reaches the maximum', () => {
    // At each day's last NAV the chart would bottom at 15 % (3 Aug) and contradict the stated
    // maximum of 25 %.
    const all = drawdowns(intradayFall, now);
    expect(all.maxDrawdownPct).toBe('25.00');
    expect(dailyDeepestDrawdowns(intradayFall, now)).toEqual([
      { at: day(1, 0), drawdownPct: '0.00' },
      { at: day(2, 10), drawdownPct: '25.00' }, // (1.20 − 0.90) / 1.20; the day closed at 5.00 %
      { at: day(3, 20), drawdownPct: '15.00' }, // (1.20 − 1.02) / 1.20
      { at: day(4, 9), drawdownPct: '0.00' },
    ]);
  });

  it('takes the earliest of two points exactly as deep (not one rounding alike), and nothing from nothing', () => {
    const deepest = (navs: string[]) =>
      dailyDeepestDrawdowns(
        navs.map((nav, i) => ({ at: day(1, 1 + 4 * i), nav })),
        day(1, 12),
      );
    expect(deepest(['2', '1.5', '1.5'])).toEqual([{ at: day(1, 5), drawdownPct: '25.00' }]);
    // 24.9995 % is written 25.00 % too, but the deeper point is the later one.
    expect(deepest(['2', '1.50001', '1.5'])).toEqual([{ at: day(1, 9), drawdownPct: '25.00' }]);
    expect(dailyDeepestDrawdowns([], day(1, 12))).toEqual([]);
  });

  it('is what the record states: its maximum and its chart from the same hourly points', () => {
    const noCopies = { opened: 0, closed: 0, profitable: 0, atRanks: [] };
    const figures = recordFigures(
      { hourly: intradayFall, daily: [], fills: [], outcomes: noCopies, copyingDays: [] },
      now,
    );
    expect(figures.maxDrawdownPct).toBe('25.00');
    expect(figures.drawdown.map((p) => p.drawdownPct)).toEqual(['0.00', '25.00', '15.00', '0.00']);
  });
});

describe("a strategy page's figures, each computed once", () => {
  const at = (month: number, day: number, hour: number) => Date.UTC(2025, month, day, hour);
  // Gaps (no point on 30 Jan, 3 or 5 Feb), a month turn, a new high and a fall within a day, two
  // points exactly as deep.
  /** A day's points: [hour, NAV] each. */
  const on = (month: number, day: number, ...points: [number, string][]): NavPoint[] =>
    points.map(([hour, nav]) => ({ at: at(month, day, hour), nav }));
  const series: NavPoint[] = [
    ...on(0, 27, [9, '1']),
    ...on(0, 28, [23, '1.04']),
    ...on(0, 29, [3, '0.98'], [22, '1.01']),
    ...on(0, 31, [23, '1.06']),
    ...on(1, 1, [0, '1.1'], [13, '0.94'], [14, '0.94']),
    ...on(1, 2, [23, '0.99']),
    ...on(1, 4, [5, '1.12'], [23, '1.08']),
    ...on(1, 6, [23, '1.15']),
    ...on(1, 7, [23, '1.13']),
  ];
  const now = at(1, 8, 12);
  const noCopies = { opened: 0, closed: 0, profitable: 0, atRanks: [] };
  const figuresOf = (hourly: readonly NavPoint[], when: number, riskAt = when) =>
    recordFigures(
      { hourly, daily: dailyCloses(hourly), fills: [], outcomes: noCopies, copyingDays: [] },
      when,
      riskAt,
    );

  it('pins each figure on a series with gaps, day and month turns', () => {
    const figures = figuresOf(series, now);
    expect(figures.monthly).toEqual([
      { month: '2025-01', returnPct: '6.00', partial: false }, // 1.06 / 1
      { month: '2025-02', returnPct: '6.60', partial: true }, // 1.13 / 1.06
    ]);
    // (1.10 − 0.94) / 1.10 at the first of the two 0.94s.
    expect(figures.maxDrawdownPct).toBe('14.55');
    // Each day's deepest, "month-day hour depth": 29 Jan (1.04 − 0.98) / 1.04; 1 Feb the first
    // 0.94; 4 Feb under the day's new high of 1.12.
    const chart = figures.drawdown.map(
      (p) => `${new Date(p.at).toISOString().slice(5, 13)} ${p.drawdownPct}`,
    );
    expect(chart.join(', ')).toBe(
      '01-27T09 0.00, 01-28T23 0.00, 01-29T03 5.77, 01-31T23 0.00, 02-01T13 14.55, ' +
        '02-02T23 10.00, 02-04T23 3.57, 02-06T23 0.00, 02-07T23 1.74',
    );
    expect(figures.volatility).toEqual({
      annualVolatilityPct: '107.29',
      sharpeRatio: '4.30',
      dailyReturnCount: 11,
    });
    expect(riskFigures(series, now).riskScore).toBe(10); // volatility above 100 %
    // At the instant a score was stated (the day before): the whole days before it.
    expect(figuresOf(series, now, at(1, 7, 12)).volatility.dailyReturnCount).toBe(10);
    expect(dailyCloses(series).map((p) => p.nav)).toEqual([
      '1',
      '1.04',
      '1.01',
      '1.06',
      '0.94',
      '0.99',
      '1.08',
      '1.15',
      '1.13',
    ]);
  });

  it('are the figures each definition gives, on random series', () => {
    const start = Date.UTC(2025, 0, 30, 20);
    const randomSeries = fc
      .array(
        fc.record({
          gap: fc.constantFrom(60_000, HOUR_MS, 3 * HOUR_MS, 11 * HOUR_MS, DAY_MS, 33 * DAY_MS),
          // Few values: many exact ties.
          nav: fc.integer({ min: 1, max: 40 }).map((n) => (n / 16).toString()),
        }),
        { maxLength: 100 },
      )
      .map((steps) => {
        let when = start;
        return steps.map(({ gap, nav }) => ({ at: (when += gap), nav }));
      });
    fc.assert(
      fc.property(
        randomSeries,
        fc.integer({ min: -2 * DAY_MS, max: 300 * DAY_MS }),
        fc.integer({ min: 0, max: 3 * DAY_MS }),
        (hourly, offset, back) => {
          const when = start + offset;
          const figures = figuresOf(hourly, when, when - back);
          // Each day's deepest point by the definition: every point's exact fall from its peak.
          const days = new Map<number, { at: number; depth: Dec }>();
          let peak: Dec | null = null;
          const upToNow = hourly.filter((p) => p.at <= when);
          for (const { at: pointAt, nav } of upToNow) {
            const value = new Dec(nav);
            if (peak === null || value.gt(peak)) peak = value;
            const depth = peak.minus(value).div(peak);
            const day = Math.floor(pointAt / DAY_MS);
            const deepest = days.get(day);
            if (!deepest || depth.gt(deepest.depth)) days.set(day, { at: pointAt, depth });
          }
          const long = upToNow.length > 0 && upToNow.at(-1)!.at - upToNow[0]!.at >= HOUR_MS;
          expect(figures.drawdown).toEqual(
            long
              ? [...days.values()].map((d) => ({
                  at: d.at,
                  drawdownPct: d.depth.times(100).toFixed(2, Dec.ROUND_HALF_UP),
                }))
              : [],
          );
          expect(figures.maxDrawdownPct).toBe(drawdowns(hourly, when).maxDrawdownPct);
          expect(figures.monthly).toEqual(monthlyReturns(hourly, when));
          const { riskScore: _score, ...volatility } = riskFigures(hourly, when - back);
          expect(figures.volatility).toEqual(volatility);
          // The daily closes: each UTC day's last point, as a read by day gives them.
          const closes = new Map(hourly.map((p) => [Math.floor(p.at / DAY_MS), p]));
          expect(dailyCloses(hourly)).toEqual([...closes.values()]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('risk', () => {
  /** The last NAV of the UTC day `k` days before today's (23:00). */
  const dayClose = (k: number) => Date.UTC(2025, 7, 10 - k, 23);

  it('+2 %, −1 % four times: volatility 30.64 %, Sharpe 5.96, drawdown 1 %, score 6', () => {
    let nav = new Dec(1);
    const series: NavPoint[] = [{ at: dayClose(9), nav: nav.toFixed() }];
    for (let k = 8; k >= 1; k--) {
      nav = nav.times(k % 2 === 0 ? '1.02' : '0.99');
      series.push({ at: dayClose(k), nav: nav.toFixed() });
    }
    // Today is not over: its NAV so far is not a daily return.
    series.push({ at: NOW, nav: '5' });
    expect(riskFigures(series, NOW)).toEqual({
      annualVolatilityPct: '30.64', // sample sd 1.6036 % a day × √365
      sharpeRatio: '5.96', // 0.5 % mean a day / 1.6036 % × √365
      riskScore: 6, // volatility in (30, 40] → 6; drawdown 1 % → 1
      dailyReturnCount: 8,
    });
  });

  it('daily returns are from UTC day closes: a fall and recovery within a day is not one', () => {
    const series: NavPoint[] = [];
    for (let k = 9; k >= 1; k--) {
      series.push({ at: dayClose(k) - 12 * HOUR_MS, nav: '0.5' }, { at: dayClose(k), nav: '1' });
    }
    expect(riskFigures(series, NOW)).toMatchObject({
      annualVolatilityPct: '0.00',
      dailyReturnCount: 8,
    });
  });

  it('fewer than seven daily returns: no volatility, Sharpe or score yet', () => {
    const series = ['1', '1.1', '1.2'].map((nav, i) => ({ at: dayClose(3 - i), nav }));
    expect(riskFigures(series, NOW)).toEqual({
      annualVolatilityPct: null,
      sharpeRatio: null,
      riskScore: null,
      dailyReturnCount: 2,
    });
  });

  it('the score is the worse of the volatility band and the drawdown band', () => {
    expect(riskScore('0', '0')).toBe(1);
    expect(riskScore('20', '2')).toBe(4); // bounds are inclusive
    expect(riskScore('20.01', '2')).toBe(5);
    expect(riskScore('3', '70')).toBe(10);
    expect(riskScore('100.01', '0')).toBe(10);
  });
});

describe("the lead trader's closed positions", () => {
  it('wins and losses on the cost of the part closed; a close at entry counts as neither', () => {
    expect(
      closedPositions([
        { side: 'long', quantity: '2', price: '110', realisedPnl: '20' }, // entry 100: +10 %
        { side: 'short', quantity: '1', price: '90', realisedPnl: '10' }, // entry 100: +10 %
        { side: 'long', quantity: '4', price: '95', realisedPnl: '-20' }, // entry 100: −5 %
        { side: 'long', quantity: '1', price: '100', realisedPnl: '0' },
      ]),
    ).toEqual({ count: 3, winRatePct: '66.67', averageWinPct: '10.00', averageLossPct: '-5.00' });
  });

  it('no closes yet: no win rate', () => {
    expect(closedPositions([])).toEqual({
      count: 0,
      winRatePct: null,
      averageWinPct: null,
      averageLossPct: null,
    });
  });
});

describe('copier outcomes', () => {
  const copy = (amount: number, payout: number) => ({
    amountCents: BigInt(amount),
    payoutCents: BigInt(payout),
  });

  it('quartiles of what closed copies returned after fees; breaking even is not a profit', () => {
    const closed = [copy(10_000, 13_000), copy(10_000, 9_000), copy(10_000, 10_500)];
    closed.push(copy(20_000, 20_000), copy(5_000, 5_500));
    expect(copierOutcomes(7, closed)).toEqual({
      opened: 7,
      closed: 5,
      profitableSharePct: '60.00',
      lowerQuartilePct: '0.00',
      medianPct: '5.00',
      upperQuartilePct: '10.00',
    });
  });

  it('interpolates between ranks', () => {
    const sorted = ['-0.1', '0', '0.05', '0.1'].map((v) => new Dec(v));
    expect(quantile(sorted, 0.25).toFixed()).toBe('-0.025');
    expect(quantile(sorted, 0.5).toFixed()).toBe('0.025');
    expect(quantile(sorted, 0.75).toFixed()).toBe('0.0625');
  });

  it('a strategy nobody has closed yet says so', () => {
    expect(copierOutcomes(3, [])).toEqual({
      opened: 3,
      closed: 0,
      profitableSharePct: null,
      lowerQuartilePct: null,
      medianPct: null,
      upperQuartilePct: null,
    });
  });
});

describe('copiers and money copying it over time', () => {
  const DAY = 86_400_000;
  /** Day `d`, `h` hours in (UTC). */
  const day = (d: number, h = 0) => d * DAY + h * 3_600_000;
  // Each day's close: its last NAV, at 23:00.
  const navs = [
    { at: day(1, 23), nav: '1.0' },
    { at: day(2, 23), nav: '1.1' },
    { at: day(3, 23), nav: '0.9' },
    { at: day(4, 23), nav: '1.2' },
  ];

  it("counts the copies open at each day's end and values their units at its close, rounded down", () => {
    const copies = [
      { openedAt: day(0, 12), closedAt: day(2, 12), units: '100', unitChanges: [] },
      // Opened after the day's last NAV, before its end: counted that day.
      { openedAt: day(2, 23.5), closedAt: null, units: '50.123456789', unitChanges: [] },
      // Opened and closed within a day: never seen.
      { openedAt: day(3, 1), closedAt: day(3, 20), units: '10', unitChanges: [] },
      // Closed after day 1's last NAV, before its end: no longer counted at day 1.
      { openedAt: day(0, 1), closedAt: day(1, 23.5), units: '7', unitChanges: [] },
      // Closed at the very end of day 3 (the first instant of day 4): counted at day 3.
      { openedAt: day(3, 2), closedAt: day(4), units: '1', unitChanges: [] },
    ];
    const expected = [
      { at: day(1, 23), copiers: 1, aumCents: 10_000n },
      // (50.123456789) × 1.1 = 55.1358024679 (the 100 units closed on day 2)
      { at: day(2, 23), copiers: 1, aumCents: 5_513n },
      // (50.123456789 + 1) × 0.9 = 46.0111111101
      { at: day(3, 23), copiers: 2, aumCents: 4_601n },
      // 50.123456789 × 1.2 = 60.1481481468
      { at: day(4, 23), copiers: 1, aumCents: 6_014n },
    ];
    expect(copyingOverTime(copies, navs)).toEqual(expected);
    // The same from each day's change, as migration 0066 keeps them.
    const days = [
      { day: day(0), copiers: 2, units: '107' },
      { day: day(1), copiers: -1, units: '-7' },
      { day: day(2), copiers: 0, units: '-49.876543211' },
      { day: day(3), copiers: 1, units: '1' },
      { day: day(4), copiers: -1, units: '-1' },
    ];
    expect(copyingFromDays(days, navs)).toEqual(expected);
  });

  it("values a copy at the units it held at each day's end: a funds change books on its day", () => {
    // 100 units now: opened with 60 on day 0, 50 added on day 2, 10 redeemed at day 3's end.
    const copy = {
      openedAt: day(0, 12),
      closedAt: null,
      units: '100',
      unitChanges: [
        { at: day(2, 9), units: '50' },
        { at: day(3, 23.5), units: '-10' },
      ],
    };
    expect(copyUnitSteps(copy).map((s) => [s.from, s.units.toFixed()])).toEqual([
      [day(0, 12), '60'],
      [day(2, 9), '110'],
      [day(3, 23.5), '100'],
    ]);
    // Days 1 and 2 before the add stay at 60 units; day 3 ends after the removal.
    expect(copyingOverTime([copy], navs).map((p) => [p.copiers, p.aumCents])).toEqual([
      [1, 6_000n],
      [1, 12_100n],
      [1, 9_000n],
      [1, 12_000n],
    ]);
    // Closed on day 4 with its 100 units: nothing left after.
    const closed = { ...copy, closedAt: day(4, 1) };
    expect(copyingOverTime([closed], navs).map((p) => p.copiers)).toEqual([1, 1, 1, 0]);
    expect(copyingOverTime([closed], navs)[3]?.aumCents).toBe(0n);
  });

  it('is zero before the first copy and for no copies at all', () => {
    expect(copyingOverTime([], navs).map((p) => [p.copiers, p.aumCents])).toEqual([
      [0, 0n],
      [0, 0n],
      [0, 0n],
      [0, 0n],
    ]);
  });
});

describe('copier outcomes from what is kept', () => {
  it("equal copierOutcomes over every closed copy, from the copies at the quartiles' ranks", () => {
    const copy = (amount: number, payout: number) => ({
      amountCents: BigInt(amount),
      payoutCents: BigInt(payout),
    });
    // Returns −10 %, 0 %, +5 %, +10 % (sorted): ranks 0.75, 1.5, 2.25.
    const sorted = [copy(10_000, 9_000), copy(20_000, 20_000), copy(10_000, 10_500)];
    sorted.push(copy(5_000, 5_500));
    const kept = {
      opened: 6,
      closed: 4,
      profitable: 2,
      atRanks: [sorted.slice(0, 2), sorted.slice(1, 3), sorted.slice(2, 4)],
    };
    expect(keptCopierOutcomes(kept)).toEqual(copierOutcomes(6, sorted));
    expect(keptCopierOutcomes(kept)).toMatchObject({
      lowerQuartilePct: '-2.50',
      medianPct: '2.50',
      upperQuartilePct: '6.25',
    });
    // One closed copy: its return at every quartile (no copy after it).
    const one = {
      opened: 1,
      closed: 1,
      profitable: 0,
      atRanks: [[copy(3, 2)], [copy(3, 2)], [copy(3, 2)]],
    };
    expect(keptCopierOutcomes(one)).toEqual(copierOutcomes(1, [copy(3, 2)]));
    expect(keptCopierOutcomes({ opened: 2, closed: 0, profitable: 0, atRanks: [] })).toEqual(
      copierOutcomes(2, []),
    );
  });
});
