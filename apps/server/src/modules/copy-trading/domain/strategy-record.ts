/**
 * A strategy's whole record, for its public page and the directory: returns over windows, a
 * monthly table, drawdowns, volatility, Sharpe ratio, a 1–10 risk score, the lead trader's closed
 * positions and what copiers actually earned. Returns over windows have their own definition, used
 * by every screen: window-returns.ts. Exact decimals throughout; every percentage is
 * rounded to 2 decimals only when it is written out. A figure the record cannot support yet is
 * null — never 0 — so a page can say "not enough history". The formulas, with worked numbers, are
 * in docs/strategy-record.md.
 */
import { DAY_MS, Dec, floorToCents, type DecimalInput } from '../../market/domain';
import {
  countAtOrBefore,
  dailyReturnsOf,
  hasDrawdownHistory,
  pointAt,
  prepare,
  type NavPoint,
  type Point,
} from './metrics';
import { startOfUtcDay } from './nav-history';
import { toPercentText } from './precision';

/** Crypto markets trade every day: a year of daily returns is 365 of them. */
const DAYS_PER_YEAR = 365;

const pct = (ratio: Dec) => toPercentText(ratio.times(100));

export interface MonthlyReturn {
  /** "2025-07" (UTC). */
  readonly month: string;
  readonly returnPct: string;
  /** True for the month now is in: the return so far. */
  readonly partial: boolean;
}

/**
 * One row per calendar month (UTC) from the first NAV to now: the month's last NAV over the
 * previous month's last NAV (the first NAV for the month the record starts in), − 1.
 */
export function monthlyReturns(series: readonly NavPoint[], now: number): MonthlyReturn[] {
  return monthlyReturnsOf(prepare(series, now), now);
}

/** monthlyReturns over points already prepared (oldest first, exact, none after `now`). */
function monthlyReturnsOf(points: readonly Point[], now: number): MonthlyReturn[] {
  const first = points[0];
  if (!first) return [];
  const rows: MonthlyReturn[] = [];
  const start = new Date(first.at);
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth();
  for (;;) {
    const monthStart = Date.UTC(year, month, 1);
    if (monthStart > now) break;
    const nextStart = Date.UTC(year, month + 1, 1);
    const opening = pointAt(points, monthStart - 1) ?? first;
    const closing = pointAt(points, Math.min(nextStart - 1, now));
    if (closing && closing !== opening && opening.nav.gt(0)) {
      rows.push({
        month: `${year}-${String(month + 1).padStart(2, '0')}`,
        returnPct: pct(closing.nav.div(opening.nav).minus(1)),
        partial: nextStart - 1 > now,
      });
    }
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
  return rows;
}

export interface Drawdowns {
  /** Largest fall from a peak, in % as a non-negative number; null before an hour of NAV. */
  readonly maxDrawdownPct: string | null;
  /** At each point, how far below the highest NAV so far (0 at a new high), for the chart. */
  readonly series: readonly { at: number; drawdownPct: string }[];
}

export function drawdowns(series: readonly NavPoint[], now: number): Drawdowns {
  const falls = fallsFromPeak(series, now);
  if (falls === null) return { maxDrawdownPct: null, series: [] };
  return {
    maxDrawdownPct: pct(deepest(falls)),
    series: falls.map(({ at, depth }) => ({ at, drawdownPct: pct(depth) })),
  };
}

/** drawdowns' maximum alone, without writing out every point's (the kept figures' job). */
export function maxDrawdownPct(series: readonly NavPoint[], now: number): string | null {
  const falls = fallsFromPeak(series, now);
  return falls === null ? null : pct(deepest(falls));
}

function deepest(falls: readonly { depth: Dec }[]): Dec {
  let max = new Dec(0);
  for (const { depth } of falls) if (depth.gt(max)) max = depth;
  return max;
}

/** At each point, its exact fall below the highest NAV so far; null before an hour of NAV. */
function fallsFromPeak(
  series: readonly NavPoint[],
  now: number,
): { at: number; depth: Dec }[] | null {
  const points = prepare(series, now);
  if (!hasDrawdownHistory(points)) return null;
  let peak = (points[0] as Point).nav;
  return points.map(({ at, nav }) => {
    if (nav.gt(peak)) peak = nav;
    return { at, depth: peak.lte(0) ? new Dec(0) : peak.minus(nav).div(peak) };
  });
}

/**
 * The drawdown chart: one point per UTC day, the day's deepest (its earliest when two are exactly
 * as deep), oldest first. Drawn from the same per-point drawdowns as the maximum, so the chart's
 * lowest point is the maximum drawdown the page states — a fall and recovery within a day is not
 * smoothed away as it would be at each day's last NAV. Depths are compared exactly, not as the
 * rounded percentages: the deepest point is one a compacted day keeps (domain/nav-history.ts).
 */
export function dailyDeepestDrawdowns(
  series: readonly NavPoint[],
  now: number,
): { at: number; drawdownPct: string }[] {
  return dailyDeepestOf(prepare(series, now)).map(({ at, depth }) => ({
    at,
    drawdownPct: pct(depth),
  }));
}

/**
 * Each UTC day's deepest fall below the highest NAV so far (its earliest when two are exactly as
 * deep), over points already prepared; none before an hour of NAV. Under one peak a lower NAV is a
 * deeper fall (NAVs have 10 decimals, depths 50 digits: no two round alike), so of each stretch of
 * a day under one peak only its lowest NAV (the first of equals) is divided out: a year of hourly
 * points takes a division a day and one per new high, not one a point (issue 43: the page's CPU).
 */
function dailyDeepestOf(points: readonly Point[]): { at: number; depth: Dec }[] {
  if (!hasDrawdownHistory(points)) return [];
  const days: { day: number; at: number; depth: Dec }[] = [];
  let peak = (points[0] as Point).nav;
  // The current stretch: its day and its lowest point so far.
  let stretch: { day: number; at: number; nav: Dec } | null = null;
  const close = ({ day, at, nav }: { day: number; at: number; nav: Dec }) => {
    const depth = peak.lte(0) || nav.eq(peak) ? new Dec(0) : peak.minus(nav).div(peak);
    const last = days[days.length - 1];
    if (last?.day !== day) days.push({ day, at, depth });
    else if (depth.gt(last.depth)) Object.assign(last, { at, depth });
  };
  for (const { at, nav } of points) {
    const day = Math.floor(at / DAY_MS);
    if (stretch !== null && stretch.day === day && !nav.gt(peak)) {
      if (nav.lt(stretch.nav)) Object.assign(stretch, { at, nav });
      continue;
    }
    if (stretch !== null) close(stretch);
    if (nav.gt(peak)) peak = nav;
    stretch = { day, at, nav };
  }
  if (stretch !== null) close(stretch);
  return days;
}

export interface RiskFigures {
  /** Sample standard deviation of the daily returns × √365, in %. */
  readonly annualVolatilityPct: string | null;
  /** Average of the daily returns ÷ their standard deviation × √365 (risk-free rate 0), 2 decimals. */
  readonly sharpeRatio: string | null;
  /** 1 (calmest) to 10, from volatility and drawdown: see riskScore. */
  readonly riskScore: number | null;
  /** How many daily returns the figures are over (the last year at most). */
  readonly dailyReturnCount: number;
}

/** Fewer daily returns than this and volatility, Sharpe and the risk score say "not yet". */
export const MIN_DAILY_RETURNS_FOR_RISK = 7;

/** Upper bounds (inclusive) of annualised volatility, in %, for scores 1 to 9; above: 10. */
export const VOLATILITY_BANDS = [5, 10, 15, 20, 30, 40, 60, 80, 100] as const;
/** Upper bounds (inclusive) of maximum drawdown, in %, for scores 1 to 9; above: 10. */
export const DRAWDOWN_BANDS = [2, 5, 10, 15, 20, 30, 40, 50, 65] as const;

function band(value: Dec, bounds: readonly number[]): number {
  const index = bounds.findIndex((bound) => value.lte(bound));
  return index === -1 ? bounds.length + 1 : index + 1;
}

/**
 * The risk score: the higher of the volatility band and the drawdown band, so a strategy is as
 * risky as the worse of how much it swings and how far it has fallen.
 */
export function riskScore(annualVolatilityPct: DecimalInput, maxDrawdownPct: DecimalInput): number {
  return Math.max(
    band(new Dec(annualVolatilityPct), VOLATILITY_BANDS),
    band(new Dec(maxDrawdownPct), DRAWDOWN_BANDS),
  );
}

/** The daily returns riskFigures is over, summarised exactly (before any rounding). */
export interface DailyVolatility {
  /** How many daily returns (the last year at most). */
  readonly count: number;
  /** Their mean and sample standard deviation; null with fewer than MIN_DAILY_RETURNS_FOR_RISK. */
  readonly mean: Dec | null;
  readonly deviation: Dec | null;
  /** deviation × √365 × 100, exact: the figure the risk score's volatility band is read from. */
  readonly volatilityPct: Dec | null;
}

/**
 * The volatility of the daily returns of the last 365 whole UTC days before `now`: each day's
 * close (its last NAV) over the previous day's. It reads only each day's close, so a series of
 * daily closes gives exactly what the hourly series gives, and it moves only when the UTC day turns
 * (the kept figures' job computes it once a day: strategy-figures.ts).
 */
export function dailyVolatility(series: readonly NavPoint[], now: number): DailyVolatility {
  return dailyVolatilityOf(prepare(series, now), now);
}

/** dailyVolatility over points already prepared (oldest first, exact; any after `now` unread). */
function dailyVolatilityOf(points: readonly Point[], now: number): DailyVolatility {
  const returns = dailyReturnsOf(points, startOfUtcDay(now) - 1, DAYS_PER_YEAR);
  const n = returns.length;
  if (n < MIN_DAILY_RETURNS_FOR_RISK)
    return { count: n, mean: null, deviation: null, volatilityPct: null };
  const mean = returns.reduce((sum, r) => sum.plus(r), new Dec(0)).div(n);
  const variance = returns
    .reduce((sum, r) => sum.plus(r.minus(mean).pow(2)), new Dec(0))
    .div(n - 1);
  const deviation = variance.sqrt();
  const volatilityPct = deviation.times(new Dec(DAYS_PER_YEAR).sqrt()).times(100);
  return { count: n, mean, deviation, volatilityPct };
}

/**
 * Volatility, Sharpe ratio and risk score over the daily returns of the last 365 whole UTC days:
 * each day's close (its last NAV) over the previous day's. Daily closes are what the NAV history
 * keeps for every age (domain/nav-history.ts), so compacting it never moves these figures.
 */
export function riskFigures(
  series: readonly NavPoint[],
  now: number,
  /** maxDrawdownPct(series, now), when the caller has it already. */
  maxDrawdown: string | null = maxDrawdownPct(series, now),
): RiskFigures {
  const volatility = dailyVolatility(series, now);
  const { annualVolatilityPct, sharpeRatio, dailyReturnCount } = volatilityFigures(volatility);
  return {
    annualVolatilityPct,
    sharpeRatio,
    riskScore:
      volatility.volatilityPct === null
        ? null
        : riskScore(volatility.volatilityPct, maxDrawdown ?? '0'),
    dailyReturnCount,
  };
}

/** riskFigures less the score (a page states the kept one: record.service.ts). */
export type VolatilityFigures = Omit<RiskFigures, 'riskScore'>;

function volatilityFigures({
  count,
  mean,
  deviation,
  volatilityPct,
}: DailyVolatility): VolatilityFigures {
  if (mean === null || deviation === null || volatilityPct === null)
    return { annualVolatilityPct: null, sharpeRatio: null, dailyReturnCount: count };
  return {
    annualVolatilityPct: toPercentText(volatilityPct),
    sharpeRatio: deviation.isZero()
      ? null
      : mean.div(deviation).times(new Dec(DAYS_PER_YEAR).sqrt()).toFixed(2, Dec.ROUND_HALF_UP),
    dailyReturnCount: count,
  };
}

/** A fill that reduced or closed one of the lead trader's positions. */
export interface ClosingFill {
  readonly side: 'long' | 'short';
  /** The quantity sold (long) or bought back (short): positive. */
  readonly quantity: DecimalInput;
  readonly price: DecimalInput;
  readonly realisedPnl: DecimalInput;
}

export interface ClosedPositions {
  readonly count: number;
  /** Share of the closes that realised a profit, in %. */
  readonly winRatePct: string | null;
  /** Mean return of the winning closes on the cost of the part closed, in %. */
  readonly averageWinPct: string | null;
  /** Mean return of the losing closes, in % (negative). */
  readonly averageLossPct: string | null;
}

/**
 * Each close's return on what the closed part cost: realised ÷ (quantity × entry price), the
 * entry price recovered from the fill (long: price − realised ÷ quantity; short: price +
 * realised ÷ quantity). A close at exactly its entry price counts as neither a win nor a loss.
 */
export function closedPositions(fills: readonly ClosingFill[]): ClosedPositions {
  const wins: Dec[] = [];
  const losses: Dec[] = [];
  for (const fill of fills) {
    const quantity = new Dec(fill.quantity);
    const realised = new Dec(fill.realisedPnl);
    if (quantity.lte(0) || realised.isZero()) continue;
    const perUnit = realised.div(quantity);
    const entry =
      fill.side === 'long' ? new Dec(fill.price).minus(perUnit) : new Dec(fill.price).plus(perUnit);
    if (entry.lte(0)) continue;
    const ratio = perUnit.div(entry);
    (ratio.gt(0) ? wins : losses).push(ratio);
  }
  const decided = wins.length + losses.length;
  const mean = (values: Dec[]) =>
    values.length === 0
      ? null
      : pct(values.reduce((sum, v) => sum.plus(v), new Dec(0)).div(values.length));
  return {
    count: decided,
    winRatePct: decided === 0 ? null : pct(new Dec(wins.length).div(decided)),
    averageWinPct: mean(wins),
    averageLossPct: mean(losses),
  };
}

export interface CopierOutcomes {
  /** Copies ever opened, open ones included. */
  readonly opened: number;
  readonly closed: number;
  /** Share of closed copies paid out more than was put in, in %. */
  readonly profitableSharePct: string | null;
  /** Quartiles of the closed copies' returns (payout ÷ amount − 1, after fees), in %. */
  readonly lowerQuartilePct: string | null;
  readonly medianPct: string | null;
  readonly upperQuartilePct: string | null;
}

/** The p-quantile's rank among `n` sorted values, (n − 1) × p: its whole part and the rest. */
function quantileRank(n: number, p: number): { lower: number; fraction: Dec } {
  const rank = new Dec(n - 1).times(p);
  const lower = rank.floor().toNumber();
  return { lower, fraction: rank.minus(lower) };
}

/** Linear interpolation from the value at a quantile's rank to the next one's. */
function between(low: Dec, high: Dec, fraction: Dec): Dec {
  return low.plus(high.minus(low).times(fraction));
}

/** The p-quantile of sorted values, interpolating linearly between ranks (NumPy's default). */
export function quantile(sorted: readonly Dec[], p: number): Dec {
  if (sorted.length === 0) throw new Error('quantile of nothing');
  const { lower, fraction } = quantileRank(sorted.length, p);
  const low = sorted[lower] as Dec;
  return between(low, sorted[Math.min(lower + 1, sorted.length - 1)] as Dec, fraction);
}

/** A closed copy: what it put in and what it paid out, in cents. */
export interface ClosedCopy {
  readonly amountCents: bigint;
  readonly payoutCents: bigint;
}

/** A closed copy's return after fees, exactly: payout ÷ amount − 1 (an amount above 0). */
export function closedCopyReturn(copy: ClosedCopy): Dec {
  return new Dec(copy.payoutCents.toString()).div(copy.amountCents.toString()).minus(1);
}

/** The quartiles' probabilities, in the order the kept markers hold them (migration 0066). */
const QUARTILES = [0.25, 0.5, 0.75] as const;

const noOutcomes = (opened: number): CopierOutcomes => ({
  opened,
  closed: 0,
  profitableSharePct: null,
  lowerQuartilePct: null,
  medianPct: null,
  upperQuartilePct: null,
});

/** What copiers actually earned, from every closed copy of the strategy. */
export function copierOutcomes(opened: number, closed: readonly ClosedCopy[]): CopierOutcomes {
  const returns = closed
    .filter((c) => c.amountCents > 0n)
    .map(closedCopyReturn)
    .sort((a, b) => a.comparedTo(b));
  if (returns.length === 0) return noOutcomes(opened);
  const [lower, median, upper] = QUARTILES.map((p) => pct(quantile(returns, p)));
  return {
    opened,
    closed: returns.length,
    profitableSharePct: pct(new Dec(returns.filter((r) => r.gt(0)).length).div(returns.length)),
    lowerQuartilePct: lower ?? null,
    medianPct: median ?? null,
    upperQuartilePct: upper ?? null,
  };
}

/**
 * The same figures from what is kept of the closed copies (migration 0066, copier-record.repo.ts):
 * the counts, and for each quartile the closed copy at its rank's whole part in the order of
 * their returns and the one after it (none after the last).
 */
export interface KeptOutcomes {
  readonly opened: number;
  /** Closed copies with an amount above 0. */
  readonly closed: number;
  /** Of them, those paid out more than was put in. */
  readonly profitable: number;
  /** Per quartile of QUARTILES: the copy at ⌊(closed − 1) × p⌋ and the next one. */
  readonly atRanks: readonly (readonly ClosedCopy[])[];
}

/** copierOutcomes over every closed copy, from the few the quartiles' ranks pick. */
export function keptCopierOutcomes(kept: KeptOutcomes): CopierOutcomes {
  if (kept.closed === 0) return noOutcomes(kept.opened);
  const [lower, median, upper] = QUARTILES.map((p, i) => {
    const [low, high = low] = (kept.atRanks[i] ?? []).map(closedCopyReturn);
    if (!low || !high) throw new Error(`no closed copy at quartile ${p}`);
    return pct(between(low, high, quantileRank(kept.closed, p).fraction));
  });
  return {
    opened: kept.opened,
    closed: kept.closed,
    profitableSharePct: pct(new Dec(kept.profitable).div(kept.closed)),
    lowerQuartilePct: lower ?? null,
    medianPct: median ?? null,
    upperQuartilePct: upper ?? null,
  };
}

/** One copy of the strategy as its record needs it: when it was open and the units it held. */
export interface CopySpan {
  readonly openedAt: number;
  /** null while it is open. */
  readonly closedAt: number | null;
  /** Its units now (at its close, once closed). */
  readonly units: DecimalInput;
  /** Each funds change (add, remove, claim) at its instant, oldest first (trade_changes). */
  readonly unitChanges: readonly UnitChange[];
}

/** A funds change's units: bought (positive) or redeemed (negative), at the change's instant. */
export interface UnitChange {
  readonly at: number;
  readonly units: DecimalInput;
}

/**
 * A copy's units over time, a step function: from its opening, the units it opened with (its
 * units now less every change since), then after each funds change the units it left. A change
 * books on its own day, so adding or removing funds never restates the days before it.
 */
export function copyUnitSteps(copy: CopySpan): { from: number; units: Dec }[] {
  const changed = copy.unitChanges.reduce((sum, c) => sum.plus(c.units), new Dec(0));
  let units = new Dec(copy.units).minus(changed);
  const steps = [{ from: copy.openedAt, units }];
  for (const change of [...copy.unitChanges].sort((a, b) => a.at - b.at)) {
    units = units.plus(change.units);
    steps.push({ from: change.at, units });
  }
  return steps;
}

export interface CopyingPoint {
  readonly at: number;
  /** Copies open at the end of the point's UTC day (now, for today). */
  readonly copiers: number;
  /**
   * The money copying it: floor(NAV × those copies' units × 100) cents — the same rule as the
   * strategy's AUM now, at the day's close (its last NAV).
   */
  readonly aumCents: bigint;
}

/**
 * Copiers and the money copying the strategy at each point of `navSeries` (each day's last NAV,
 * its close): the copies open at the end of that UTC day — opened that day or before, not closed
 * by its end — at the units each held at that day's end (copyUnitSteps), valued at that NAV.
 * Today's point is the copies open now, so the chart ends on the copiers and the money copying
 * it the lists state. By one sweep over the copies' openings, funds changes and closes.
 */
export function copyingOverTime(
  copies: readonly CopySpan[],
  navSeries: readonly { at: number; nav: DecimalInput }[],
): CopyingPoint[] {
  const days: CopyingDay[] = [];
  for (const copy of copies) {
    let held = new Dec(0);
    for (const [i, step] of copyUnitSteps(copy).entries()) {
      days.push({
        day: startOfUtcDay(step.from),
        copiers: i === 0 ? 1 : 0,
        units: step.units.minus(held),
      });
      held = step.units;
    }
    if (copy.closedAt !== null) {
      days.push({ day: startOfUtcDay(copy.closedAt), copiers: -1, units: held.negated() });
    }
  }
  return copyingFromDays(days, navSeries);
}

/** Each UTC day's last point of `series` (oldest first): the daily closes an hourly series holds. */
export function dailyCloses<P extends { readonly at: number }>(series: readonly P[]): P[] {
  const closes: P[] = [];
  for (const point of series) {
    const last = closes[closes.length - 1];
    if (last !== undefined && startOfUtcDay(last.at) === startOfUtcDay(point.at))
      closes[closes.length - 1] = point;
    else closes.push(point);
  }
  return closes;
}

/** A UTC day's change of the open copies and of their units (copying_days: migrations 0066, 0073). */
export interface CopyingDay {
  /** The day's first instant. */
  readonly day: number;
  readonly copiers: number;
  readonly units: DecimalInput;
}

/** copyingOverTime from each day's change: at each point, the changes of its day and before. */
export function copyingFromDays(
  changes: readonly CopyingDay[],
  navSeries: readonly { at: number; nav: DecimalInput }[],
): CopyingPoint[] {
  const days = [...changes].sort((a, b) => a.day - b.day);
  let next = 0;
  let copiers = 0;
  let units = new Dec(0);
  return navSeries.map(({ at, nav }) => {
    const end = startOfUtcDay(at) + DAY_MS;
    for (; next < days.length && days[next]!.day < end; next += 1) {
      copiers += days[next]!.copiers;
      units = units.plus(days[next]!.units);
    }
    const price = new Dec(nav);
    const aumCents = units.gt(0) && price.gt(0) ? floorToCents(price.times(units)) : 0n;
    return { at, copiers, aumCents };
  });
}

/** What a strategy's record is drawn from, as its repos read it. */
export interface RecordSources {
  /** The strategy's hourly NAV since it began, oldest first. */
  readonly hourly: readonly NavPoint[];
  /** Each day's last NAV (dailyCloses of the hourly). */
  readonly daily: readonly NavPoint[];
  /** The lead trader's closes. */
  readonly fills: readonly ClosingFill[];
  /** What copiers earned, as kept (copierOutcomes over every closed copy). */
  readonly outcomes: KeptOutcomes;
  /** Each UTC day's change of the open copies and their units. */
  readonly copyingDays: readonly CopyingDay[];
}

export interface RecordFigures {
  readonly monthly: MonthlyReturn[];
  readonly maxDrawdownPct: string | null;
  /** The drawdown chart (each day's deepest point). */
  readonly drawdown: { at: number; drawdownPct: string }[];
  /** Over the whole UTC days before `riskAt` (recordFigures). */
  readonly volatility: VolatilityFigures;
  readonly closedPositions: ClosedPositions;
  readonly copierOutcomes: CopierOutcomes;
  readonly copying: CopyingPoint[];
}

/**
 * The figures of a strategy's record page at `now`, from what it is drawn from; volatility and
 * Sharpe at `riskAt` (the instant the page's risk score was stated). Each NAV is parsed once and
 * each figure computed once: the page read's process CPU was mostly these passes (issue 43).
 */
export function recordFigures(sources: RecordSources, now: number, riskAt = now): RecordFigures {
  const points = prepare(sources.hourly, Infinity);
  const untilNow = points.slice(0, countAtOrBefore(points, now));
  // The maximum is the deepest day's: the chart's lowest point is the maximum the record states.
  const days = dailyDeepestOf(untilNow);
  return {
    monthly: monthlyReturnsOf(untilNow, now),
    maxDrawdownPct: days.length === 0 ? null : pct(deepest(days)),
    drawdown: days.map(({ at, depth }) => ({ at, drawdownPct: pct(depth) })),
    volatility: volatilityFigures(dailyVolatilityOf(points, riskAt)),
    closedPositions: closedPositions(sources.fills),
    copierOutcomes: keptCopierOutcomes(sources.outcomes),
    copying: copyingFromDays(sources.copyingDays, sources.daily),
  };
}
