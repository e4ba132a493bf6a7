/**
 * Each strategy's headline figures kept in strategy_figures (migrations 0061, 0062; issue 43), so a
 * list of strategies reads one row per strategy it shows instead of computing from the history.
 * Every figure comes from the same domain functions as the strategy's own page:
 *
 * - copiers, aum_cents: live, kept by the trades triggers (0062) as copies open, close or resize.
 * - the window returns: live. The tick states them for the strategies whose NAV it wrote, from
 *   the NAV just written and the points the windows start at, kept per hour (`window_points`):
 *   the hour's first ticks (at most HOUR_TURN_BATCH strategies a tick), or the job for a
 *   strategy the ticks do not value, read those points again, as the windows' starts move only
 *   when the hour or the UTC day turns. A row whose points are not the current hour's is read
 *   live instead (strategyFiguresOf).
 * - the history figures (the 30-day average daily return, drawdown and losing days; the whole
 *   record's drawdown, its risk score and when it started): as of `as_of` (the epoch: never yet),
 *   restated by the job `strategies.figures` (every FIGURES_JOB_EVERY_MS) once an hour for the
 *   strategies whose NAV moved since, and at its next run for one never stated. The strategy's
 *   page states its drawdown and risk score from the same row. The job reads each strategy's
 *   hourly NAVs since its last run and 31 days of them, not its whole history: the whole
 *   record's figures come from running state kept per strategy (0069, strategy_figures_running;
 *   domain/record-running.ts), exactly what the full computation states.
 */
import { RETURN_WINDOWS } from '@app/shared/return-windows';
import { cacheKey } from '../../../caches';
import type { AppContext } from '../../../context';
import { byId } from '../../../lib/by-id';
import { forEachInSlices } from '../../../lib/slices';
import type { Job } from '../../../jobs/scheduler';
import { DAY_MS, Dec, HOUR_MS } from '../../market/domain';
import {
  foldedCloseBefore,
  foldedMaxDrawdownPct,
  foldedVolatility,
  foldPoints,
  NOTHING_FOLDED,
  returnPcts,
  riskScore,
  sameReturnsBand,
  strategyMetrics,
  trimCloses,
  windowBoundaries,
  windowReturns,
  type Point,
  type RecordRunning,
} from '../domain';
import { compactionBounds, startOfUtcDay } from '../domain/nav-history';
import * as recordRepo from './record.repo';
import * as repo from './strategy-figures.repo';

/**
 * A strategy's headline figures, as every list states them: its returns (live), its 30-day
 * figures, the record's drawdown, risk score and first hourly NAV (`startedAt`, null: no NAV yet)
 * as of `asOf`, and its copiers and the money copying it (live).
 */
export type StrategyFigures = Omit<repo.FiguresRow, 'strategyId' | 'windowHour' | 'losingDays'> & {
  losingDays: number;
};

const hourOf = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;

/** Each window's return over `points` at `now`, in RETURN_WINDOWS' order. */
function returnsOver(points: readonly repo.StoredPoint[], now: number): (string | null)[] {
  const pcts = returnPcts(windowReturns(points, now));
  return RETURN_WINDOWS.map((window) => pcts[window]);
}

/**
 * The figures of `ids` (absent: no such strategy), one read for the list. Returns whose kept
 * points are not this hour's (the hour turned and no tick has valued the strategy since) are
 * read live from the history, so a list never states a return its page would not.
 */
export async function strategyFiguresOf(
  ctx: AppContext,
  ids: readonly string[],
): Promise<Map<string, StrategyFigures>> {
  const now = ctx.clock.now().getTime();
  const rows = await repo.figuresRows(ctx.db, ids);
  const stale = [...rows.values()]
    .filter((row) => row.windowHour?.getTime() !== hourOf(now))
    .map((row) => row.strategyId);
  const live =
    stale.length === 0
      ? new Map<string, repo.StoredPoint[]>()
      : await recordRepo.windowPoints(ctx.db, stale, now, windowBoundaries(now));
  const reread = new Set(stale);
  const out = new Map<string, StrategyFigures>();
  for (const row of rows.values()) {
    const returns = reread.has(row.strategyId)
      ? returnPcts(windowReturns(live.get(row.strategyId) ?? [], now))
      : row.returns;
    const { strategyId, windowHour: _hour, ...figures } = row;
    out.set(strategyId, { ...figures, returns, losingDays: row.losingDays ?? 0 });
  }
  return out;
}

/**
 * A strategy's stated returns and the NAVs, exclusive, between which its latest NAV leaves every
 * one of them as stated (domain sameReturnsBand), for the hour whose window points they are
 * measured from. A tick's NAV inside the band of the returns its row still holds changes no
 * return: the tick measures only the NAVs that leave their band (the returns' texts keep 2
 * decimals, so a market moving every second crosses an edge now and then, not every tick).
 *
 * Held by the instance that ticks (ctx.caches); checked against the row each tick (its hour and
 * returns, one narrow read), so a row another writer restated is measured again. One restated in
 * the same hour to other points but the same texts (a back-fill on another instance) keeps its
 * texts until its NAV leaves the band or the hour turns.
 *
 * Bench (test/tick-market-moves.test.ts: every NAV moving each tick, 20 one-second ticks, this
 * switch off then on, back to back, 2026-11-30): the figures step's median at 10,000 strategies
 * 844 -> 85 ms (the tick's 1152 -> 365), at 1,000 112 -> 21. The hour's first tick draws every
 * band as it measures (2.7 -> 3.2 s at 10,000, noisy).
 * Switch: PERFORMANCE_OFF=figure-bands (every changed NAV's returns measured each tick).
 */
interface Band {
  hour: number;
  returns: readonly (string | null)[];
  above: Dec | null;
  below: Dec | null;
}

const BANDS = cacheKey<Map<string, Band>>('strategy figures return bands');

const bandsOf = (ctx: AppContext) => ctx.caches.keep(BANDS, () => new Map<string, Band>());

/** `nav` leaves the returns `row` holds as they are, by the band remembered for them. */
function withinBand(band: Band | undefined, row: repo.StatedReturns, hour: number, nav: Dec) {
  return (
    band !== undefined &&
    band.hour === hour &&
    row.hour === hour &&
    band.returns.every((text, i) => text === row.returns[i]) &&
    (band.above === null || nav.gt(band.above)) &&
    (band.below === null || nav.lt(band.below))
  );
}

/**
 * Strategies whose returns a tick restates at most from points of an earlier hour (read again
 * from the history): the hour's turn moves every window's start, so its first tick would read and
 * restate every strategy it valued (10,000 moving: that tick ~2.2 s against ~0.4). Spread over
 * the hour's first ticks instead, the oldest-stated first; the others keep their rows (a reader
 * reads a row of an earlier hour live: strategyFiguresOf) and are owed to the next tick, the
 * money copying them moving with their NAV meanwhile.
 * Bench (test/tick-market-moves.test.ts, 10,000 strategies moving, back to back on a machine
 * loaded ~9 on 2 CPUs, 2026-11-30): the hour's first tick 4085 ms (figures 3384) -> 904 (246);
 * the twenty ticks spreading it 1.1-1.4 s (figures 360-600: ~250 ms for the 500 restated)
 * against 0.6-1.0 s steady. 500, not 1,000: at 1,000 a tick (load 8) the turn took 1582 ms and
 * each spreading tick ~350 ms more; quiet, 10,000 restated took ~1.8 s, so 500 are ~0.1 s.
 * Switch: PERFORMANCE_OFF=hour-turn-spread (every one restated at the hour's first tick).
 */
export const HOUR_TURN_BATCH = 500;

type WrittenNav = { id: string; nav: Dec; minute: number };

/** Of `stale` (points of an earlier hour), those to restate now and those owed to the next tick. */
function hourTurn(
  ctx: AppContext,
  stale: readonly WrittenNav[],
  stated: ReadonlyMap<string, repo.StatedReturns>,
): { restate: WrittenNav[]; owed: WrittenNav[] } {
  if (!ctx.config.performance['hour-turn-spread'] || stale.length <= HOUR_TURN_BATCH)
    return { restate: [...stale], owed: [] };
  const hourOfRow = (id: string) => stated.get(id)?.hour ?? -Infinity;
  const order = [...stale].sort((a, b) => hourOfRow(a.id) - hourOfRow(b.id) || byId(a, b));
  return { restate: order.slice(0, HOUR_TURN_BATCH), owed: order.slice(HOUR_TURN_BATCH) };
}

/**
 * After the tick wrote `navs` (changed NAVs: refreshNavs), each as the point of its minute (a
 * strategy's latest there): each one's returns from the NAV written and its kept window points
 * unless the NAV stays in the band of the returns stated (Band); where the points are not this
 * hour's, from the history, at most HOUR_TURN_BATCH a tick (the job reads those of the strategies
 * the ticks do not value); and the money copying it at that NAV, in one statement.
 * Returns the strategies whose returns it left (to state at the next tick): those the hour's turn
 * owes, and rows locked by a copy's transaction.
 */
export async function figuresAfterNavs(
  ctx: AppContext,
  written: readonly WrittenNav[],
  now: Date,
): Promise<string[]> {
  if (written.length === 0) return [];
  // One write per strategy: the point of its latest minute.
  const latest = new Map<string, WrittenNav>();
  for (const w of written)
    if ((latest.get(w.id)?.minute ?? -Infinity) < w.minute) latest.set(w.id, w);
  const at = now.getTime();
  const hour = hourOf(at);
  const bands = ctx.config.performance['figure-bands'] ? bandsOf(ctx) : null;
  const stated = await repo.statedReturns(ctx.db, [...latest.keys()]);
  const writes: repo.ReturnsWrite[] = [];
  // The returns stand; the money copying it moves with the NAV.
  const standing = ({ id, nav }: WrittenNav) => {
    if (stated.get(id)?.copied) writes.push({ id, returns: null, kept: null, nav: nav.toFixed() });
  };
  const current: WrittenNav[] = [];
  const stale: WrittenNav[] = [];
  for (const one of latest.values()) {
    const row = stated.get(one.id);
    if (!row) continue;
    if (row.hour !== hour) stale.push(one);
    else if (bands && withinBand(bands.get(one.id), row, hour, one.nav)) standing(one);
    else current.push(one);
  }
  const { restate, owed } = hourTurn(ctx, stale, stated);
  for (const one of owed) standing(one);
  const measured = await measureReturns(ctx, { current, restate }, at);
  const left = await repo.writeReturns(ctx.db, [...writes, ...measured.map((m) => m.write)]);
  if (bands) {
    for (const { write, band } of measured)
      if (band) bands.set(write.id, band);
      else bands.delete(write.id);
    for (const id of left) bands.delete(id);
  }
  return [...new Set([...owed.map((one) => one.id), ...left])];
}

/**
 * Each NAV's returns: `current`'s from their kept window points (read only for these: a row of
 * an earlier hour has none to measure from), `restate`'s from the history's, kept for the hour;
 * and their band: none from a single point (a new strategy's "all" has no start but its latest
 * point, until a later minute's NAV has that one to start from).
 */
async function measureReturns(
  ctx: AppContext,
  navs: { current: readonly WrittenNav[]; restate: readonly WrittenNav[] },
  at: number,
): Promise<{ write: repo.ReturnsWrite; band: Band | null }[]> {
  const hour = hourOf(at);
  const kept = await repo.keptWindowPoints(
    ctx.db,
    navs.current.map((n) => n.id),
  );
  // Kept for another hour after all (another writer's restatement since the returns were read).
  const moved = navs.current.filter(({ id }) => {
    const row = kept.get(id);
    return row !== undefined && row.hour !== hour;
  });
  const reread = new Set([...navs.restate, ...moved].map((n) => n.id));
  const fresh =
    reread.size === 0
      ? new Map<string, repo.StoredPoint[]>()
      : await recordRepo.windowPoints(ctx.db, [...reread], at, windowBoundaries(at));
  const measured: { write: repo.ReturnsWrite; band: Band | null }[] = [];
  // ~60 us of Decimal a strategy: in slices, so requests are answered between them.
  await forEachInSlices(
    [...navs.current, ...navs.restate],
    MEASURE_SLICE,
    ({ id, nav, minute }) => {
      const row = kept.get(id);
      const points = reread.has(id)
        ? (fresh.get(id) ?? [])
        : row && [...row.points.filter((p) => p.at !== minute), { at: minute, nav: nav.toFixed() }];
      if (!points) return;
      const returnsOf = windowReturns(points, at);
      const pcts = returnPcts(returnsOf);
      const returns = RETURN_WINDOWS.map((window) => pcts[window]);
      const band =
        points.filter((p) => p.at <= at).length > 1
          ? { hour, returns, ...sameReturnsBand(returnsOf) }
          : null;
      measured.push({
        write: { id, returns, kept: reread.has(id) ? { hour, points } : null, nav: nav.toFixed() },
        band,
      });
    },
  );
  return measured;
}

/** Strategies measured between two turns of the event loop (~6 ms). */
const MEASURE_SLICE = 100;

const toPoint = (p: repo.StoredPoint): Point => ({ at: p.at, nav: new Dec(p.nav) });
const toStored = (p: Point): repo.StoredPoint => ({ at: p.at, nav: p.nav.toFixed() });

/** A kept row's running state (domain/record-running.ts). */
function runningOf(row: repo.RunningRow): RecordRunning {
  return {
    firstAt: row.firstAt,
    last: row.last === null ? null : toPoint(row.last),
    peak: row.peak === null ? null : new Dec(row.peak),
    deepest: new Dec(row.deepest),
    closes: row.closes.map(toPoint),
  };
}

const sameCloses = (a: readonly { at: number }[], b: readonly { at: number }[]) =>
  a.length === b.length && a[0]?.at === b[0]?.at && a.at(-1)?.at === b.at(-1)?.at;

/**
 * The history figures of `ids` as of `now`, each exactly what the domain functions state over its
 * whole hourly history (`restate`: computed so, from the whole history): the 30-day figures from
 * its last 31 days of hourly NAV; the whole record's from its kept running state
 * (strategy_figures_running) and the hourly NAVs since. One read of points for them all.
 *
 * The state folds the hours that ended an hour or more before `now`: the hour just ended is read
 * again (a tick's point committed as its hour turned is never missed). The volatility is kept for
 * the UTC day with the instant of the close of the day before it read: it is computed once a day
 * (again only if a point of the day before is written after it was).
 */
async function refreshHistories(
  ctx: AppContext,
  ids: readonly string[],
  now: number,
  restate = false,
) {
  const kept = restate ? new Map<string, repo.RunningRow>() : await repo.runningRows(ctx.db, ids);
  const monthAgo = now - 31 * DAY_MS;
  const histories = await repo.hourlySince(
    ctx.db,
    new Map(ids.map((id) => [id, Math.min(kept.get(id)?.through ?? 0, monthAgo)])),
    { minutesFrom: compactionBounds(now).hoursBefore, now },
  );
  const day = startOfUtcDay(now);
  const stated: repo.HistoryWrite[] = [];
  const running: Parameters<typeof repo.writeRunning>[1][number][] = [];
  for (const [id, { hourly, nav, navAt }] of histories) {
    // The card's 30 days: hourly points over 31 days and the latest NAV (as metricsOf read them).
    const recent = hourly.filter((p) => p.at >= monthAgo);
    if (navAt !== null && navAt <= now) recent.push({ at: navAt, nav });
    const metrics = strategyMetrics(recent, now);

    const row = kept.get(id);
    const from = row?.through ?? 0;
    const through = Math.max(from, hourOf(now) - HOUR_MS);
    const unfolded = hourly.filter((p) => p.at >= from && p.at <= now).map(toPoint);
    const before = row ? runningOf(row) : NOTHING_FOLDED;
    const folded = foldPoints(
      before,
      unfolded.filter((p) => p.at < through),
    );
    const atNow = foldPoints(
      folded,
      unfolded.filter((p) => p.at >= through),
    );
    const recordMaxDrawdownPct = foldedMaxDrawdownPct(atNow);
    // The day's volatility, kept from the run that computed it unless the close it read moved.
    const closeAt = foldedCloseBefore(atNow, day);
    const volatility =
      row?.riskDay === day && row.riskCloseAt === closeAt
        ? {
            count: row.dailyReturns ?? 0,
            volatilityPct: row.volatilityPct === null ? null : new Dec(row.volatilityPct),
          }
        : foldedVolatility(atNow, now);
    stated.push({
      id,
      avgDailyReturnPct: metrics.avgDailyReturnPct,
      maxDrawdownPct: metrics.maxDrawdownPct,
      losingDays: metrics.losingDays,
      recordMaxDrawdownPct,
      riskScore:
        volatility.volatilityPct === null
          ? null
          : riskScore(volatility.volatilityPct, recordMaxDrawdownPct ?? '0'),
      startedAt: atNow.firstAt,
    });
    const keep = trimCloses(folded, day);
    running.push({
      id,
      through,
      firstAt: keep.firstAt,
      last: keep.last === null ? null : toStored(keep.last),
      peak: keep.peak?.toFixed() ?? null,
      deepest: keep.deepest.toFixed(),
      closes: row && sameCloses(row.closes, keep.closes) ? null : keep.closes.map(toStored),
      riskDay: day,
      riskCloseAt: closeAt,
      dailyReturns: volatility.count,
      volatilityPct: volatility.volatilityPct?.toFixed() ?? null,
    });
  }
  await repo.writeHistories(ctx.db, stated, now);
  await repo.writeRunning(ctx.db, running);
}

/** `ids`' window points and returns from their history at `at`, kept for its hour. */
async function restateWindows(ctx: AppContext, ids: readonly string[], at: number) {
  const hour = hourOf(at);
  // Other points may hold now: a band drawn from the points before is not theirs.
  const bands = bandsOf(ctx);
  for (const id of ids) bands.delete(id);
  const points = await recordRepo.windowPoints(ctx.db, ids, at, windowBoundaries(at));
  await repo.writeReturns(
    ctx.db,
    ids.map((id) => {
      const kept = points.get(id) ?? [];
      return { id, returns: returnsOver(kept, at), kept: { hour, points: kept }, nav: null };
    }),
  );
}

/**
 * Every figure of `ids` restated from their history at `now`, whatever was kept: for history
 * written other than by the tick (a back-fill, a scripted history).
 */
export async function restateFigures(
  ctx: AppContext,
  ids: readonly string[],
  now: Date,
): Promise<void> {
  for (let i = 0; i < ids.length; i += HISTORIES_BATCH) {
    const batch = ids.slice(i, i + HISTORIES_BATCH);
    await restateWindows(ctx, batch, now.getTime());
    await refreshHistories(ctx, batch, now.getTime(), true);
  }
}

/**
 * At start-up (after the demo strategies' history is replayed): every figure of the strategies
 * never stated, so a fresh install's lists state them at once. Returns how many.
 */
export async function stateNewFigures(ctx: AppContext, now: Date): Promise<number> {
  return inBatches(
    (after) =>
      repo.staleFigures(ctx.db, 'unstated', { after, hour: now.getTime() }, HISTORIES_BATCH),
    (ids) => restateFigures(ctx, ids, now),
  );
}

/** Strategies per statement: window points are a few rows each, a history up to ~9,000. */
const WINDOWS_BATCH = 1000;
const HISTORIES_BATCH = 100;

/**
 * Brings every row up to `now`: the window points of the strategies the ticks did not value
 * this hour, and the history figures of those whose NAV moved since they were stated, once an
 * hour (at once for one never stated). Returns how many rows of each it refreshed.
 */
export async function refreshFigures(
  ctx: AppContext,
  now: Date,
): Promise<{ windows: number; histories: number }> {
  const at = now.getTime();
  const hour = hourOf(at);
  const windows = await inBatches(
    (after) => repo.staleFigures(ctx.db, 'windows', { after, hour }, WINDOWS_BATCH),
    (ids) => restateWindows(ctx, ids, at),
  );
  const histories = await inBatches(
    (after) => repo.staleFigures(ctx.db, 'histories', { after, hour }, HISTORIES_BATCH),
    (ids) => refreshHistories(ctx, ids, at),
  );
  return { windows, histories };
}

/** Every id `next` finds, once, in id order, a batch at a time; how many there were. */
async function inBatches(
  next: (after: string) => Promise<string[]>,
  work: (ids: string[]) => Promise<void>,
): Promise<number> {
  let count = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const ids = await next(after);
    const last = ids.at(-1);
    if (last === undefined) return count;
    await work(ids);
    count += ids.length;
    after = last;
  }
}

/**
 * How often the job runs: a strategy's history figures are restated once an hour (at the job's
 * first run after the hour turns), a new strategy's within this of its first NAV.
 */
export const FIGURES_JOB_EVERY_MS = 5 * 60_000;

/** On the leader, every FIGURES_JOB_EVERY_MS: refreshFigures. */
export function strategyFiguresJob(ctx: AppContext): Job {
  return {
    name: 'strategies.figures',
    everyMs: FIGURES_JOB_EVERY_MS,
    run: async (now) => {
      const refreshed = await refreshFigures(ctx, now);
      ctx.log.debug(refreshed, 'strategy figures refreshed');
    },
  };
}
