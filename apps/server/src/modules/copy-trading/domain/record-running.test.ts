import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, Dec, HOUR_MS } from '../../market/domain';
import type { Point } from './metrics';
import { startOfUtcDay } from './nav-history';
import {
  foldedCloseBefore,
  foldedMaxDrawdownPct,
  foldedVolatility,
  foldPoints,
  NOTHING_FOLDED,
  trimCloses,
  type RecordRunning,
} from './record-running';
import { dailyVolatility, maxDrawdownPct } from './strategy-record';

const START = Date.UTC(2025, 0, 1, 0, 59);

/** Hourly closes from hour offsets after START (strictly increasing) and NAVs in thousandths. */
function seriesOf(steps: readonly { hours: number; milli: number }[]): Point[] {
  let at = START;
  return steps.map(({ hours, milli }) => {
    at += hours * HOUR_MS;
    return { at, nav: new Dec(milli).div(1000) };
  });
}

/**
 * Folds `series` a run at a time as the figures job does (cut before each index of `cuts`),
 * trimming the closes at the day of each run, and states the figures at `now`.
 */
function foldInRuns(series: readonly Point[], cuts: readonly number[], now: number) {
  let running: RecordRunning = NOTHING_FOLDED;
  let from = 0;
  for (const cut of [...cuts.filter((c) => c < series.length), series.length]) {
    if (cut <= from) continue;
    running = foldPoints(running, series.slice(from, cut));
    running = trimCloses(running, startOfUtcDay((series[cut - 1] as Point).at));
    from = cut;
  }
  return figuresOf(running, now);
}

function figuresOf(running: RecordRunning, now: number) {
  const volatility = foldedVolatility(running, now);
  return {
    maxDrawdownPct: foldedMaxDrawdownPct(running),
    count: volatility.count,
    volatilityPct: volatility.volatilityPct?.toFixed() ?? null,
    startedAt: running.firstAt,
  };
}

/** The same figures computed over the whole series, as the strategy's page computes them. */
function fullFigures(series: readonly Point[], now: number) {
  const volatility = dailyVolatility(series, now);
  return {
    maxDrawdownPct: maxDrawdownPct(series, now),
    count: volatility.count,
    volatilityPct: volatility.volatilityPct?.toFixed() ?? null,
    startedAt: series[0]?.at ?? null,
  };
}

// Mostly an hour apart, sometimes a day or a gap of weeks (a strategy paused and restarted);
// NAVs around 1, now and then 0 (a strategy wiped out).
const stepArb = fc.record({
  hours: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 1, max: 30 }) },
    { weight: 1, arbitrary: fc.integer({ min: 24, max: 40 * 24 }) },
  ),
  milli: fc.oneof(
    { weight: 20, arbitrary: fc.integer({ min: 700, max: 1400 }) },
    { weight: 1, arbitrary: fc.constant(0) },
  ),
});

describe('the record figures kept as running state', () => {
  it('folded a run at a time (closes trimmed at each run) equal the full computation', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { minLength: 1, maxLength: 600 }),
        fc.array(fc.nat(600), { maxLength: 12 }),
        fc.integer({ min: 0, max: 3 * 24 }),
        (steps, cuts, hoursAfter) => {
          const series = seriesOf(steps);
          const now = (series.at(-1) as Point).at + hoursAfter * HOUR_MS;
          const sorted = [...new Set(cuts)].sort((a, b) => a - b);
          expect(foldInRuns(series, sorted, now)).toEqual(fullFigures(series, now));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a year and more of hourly NAVs, folded an hour at a time: the same figures each day', () => {
    const steps = Array.from({ length: 400 * 24 }, (_, i) => ({
      hours: 1,
      milli: 1000 + Math.round(200 * Math.sin(i / 97) + 37 * Math.sin(i / 5)),
    }));
    const series = seriesOf(steps);
    let running: RecordRunning = NOTHING_FOLDED;
    for (const [i, point] of series.entries()) {
      running = trimCloses(foldPoints(running, [point]), startOfUtcDay(point.at));
      if (i % (24 * 29) === 23 || i === series.length - 1)
        expect(figuresOf(running, point.at + HOUR_MS), `hour ${i}`).toEqual(
          fullFigures(series.slice(0, i + 1), point.at + HOUR_MS),
        );
    }
    // Trimmed to the year the volatility reads (and the close before it).
    expect(running.closes.length).toBe(366);
  });

  it('the worked example: 1.00, 1.20, 0.90, 1.08, 1.30 an hour apart, folded in two runs, falls 25.00 %', () => {
    const series = seriesOf([1000, 1200, 900, 1080, 1300].map((milli) => ({ hours: 1, milli })));
    const running = foldPoints(foldPoints(NOTHING_FOLDED, series.slice(0, 2)), series.slice(2));
    expect(foldedMaxDrawdownPct(running)).toBe('25.00');
    expect(running.peak?.toFixed()).toBe('1.3');
  });

  it('a run that drops a point states other figures than the full computation', () => {
    // The comparison above catches a wrong fold: the trough at 0.90 left out falls only 10 %.
    const series = seriesOf([1000, 1200, 900, 1080, 1300].map((milli) => ({ hours: 1, milli })));
    const now = (series.at(-1) as Point).at;
    const dropped = foldPoints(foldPoints(NOTHING_FOLDED, series.slice(0, 2)), series.slice(3));
    expect(figuresOf(dropped, now)).not.toEqual(fullFigures(series, now));
    expect(foldedMaxDrawdownPct(dropped)).toBe('10.00');
  });

  it('a day without any point carries the close before it, as the full series does', () => {
    // Ten days of one close each, then nine days without a point, then ten more.
    const steps = [
      ...Array.from({ length: 10 }, (_, i) => ({ hours: 24, milli: 1000 + 10 * (i % 3) })),
      { hours: 10 * 24, milli: 1100 },
      ...Array.from({ length: 10 }, (_, i) => ({ hours: 24, milli: 1100 - 20 * (i % 2) })),
    ];
    const series = seriesOf(steps);
    const now = (series.at(-1) as Point).at + DAY_MS;
    const running = foldPoints(NOTHING_FOLDED, series);
    expect(figuresOf(running, now)).toEqual(fullFigures(series, now));
    // Closes of 2 to 31 January, the nine days without a point among them: 29 returns.
    expect(figuresOf(running, now).count).toBe(29);
  });

  it('the close of the day before a day: the last point folded before it, kept or the last', () => {
    // 23:59 on 1 January, 10:00 and 23:00 on 2 January, 01:00 on 3 January.
    const at = (day: number, hour: number, minute = 0) => Date.UTC(2025, 0, day, hour, minute);
    const point = (t: number) => ({ at: t, nav: new Dec(1) });
    const running = foldPoints(NOTHING_FOLDED, [
      point(at(1, 23, 59)),
      point(at(2, 10)),
      point(at(2, 23)),
      point(at(3, 1)),
    ]);
    expect(foldedCloseBefore(running, at(3, 0))).toBe(at(2, 23));
    expect(foldedCloseBefore(running, at(2, 0))).toBe(at(1, 23, 59));
    expect(foldedCloseBefore(running, at(4, 0))).toBe(at(3, 1));
    expect(foldedCloseBefore(running, at(1, 0))).toBeNull();
  });

  it('refuses a point at or before the last one folded', () => {
    const series = seriesOf([{ hours: 1, milli: 1000 }]);
    const running = foldPoints(NOTHING_FOLDED, series);
    expect(() => foldPoints(running, series)).toThrow(/folded after/);
  });
});
