import crypto from 'node:crypto';
import type { AppContext } from '../../context';
import type { Scheduler } from '../../jobs/scheduler';
import { createExchangeSource } from '../market';
import { createSimulatedSource } from '../market';
import { createScriptFileSource } from '../market';
import type { Dec, MarketDataSource, PriceQuote } from '../market/domain';
import { marketOptions, type MarketOptions } from '../market';
import { backfillCandles, changePct, recordTick } from '../market';
import { storedMarketSeed } from '../market';
import { ensureDemoStrategies, runDemoTraders } from './strategies/demo-strategies.service';
import { refreshNavs } from './strategies/record.service';
import { createStrategyStates } from './strategies/strategy-states';
import { navHistoryCompactionJob } from './strategies/nav-history';
import { stateNewFigures, strategyFiguresJob } from './strategies/strategy-figures';
import { createScheduledCloses, type ScheduledCloses } from './copies/scheduled-closes';
import { createAlertMails, type AlertMails } from '../notifications';

export interface CopyTrading {
  source: MarketDataSource;
  options: MarketOptions;
  /** How long the first-start (or gap) back-fill and the demo replay took. */
  startup: { backfillMs: number; candles: number; replayMs: number; strategiesCreated: number };
  /** One price tick: quotes stored, NAVs refreshed, stop-losses handed to `closes`. */
  tick: (now: Date) => Promise<void>;
  /** The stop-loss and term-end closes, worked off outside the tick. */
  closes: ScheduledCloses;
  /**
   * The e-mails of the alerts the closes mark due, written after the closes commit: kick it
   * after a close batch commits; `settled()` resolves once they are queued in the outbox.
   */
  alertMails: AlertMails;
  close: () => Promise<void>;
}

export async function createMarketSource(
  ctx: AppContext,
  options: MarketOptions,
): Promise<MarketDataSource> {
  if (ctx.config.marketData === 'exchange') {
    return createExchangeSource({
      exchangeId: ctx.config.exchange,
      clock: ctx.clock,
      log: ctx.log,
    });
  }
  if (ctx.config.marketScriptFile) {
    return createScriptFileSource(ctx.config.marketScriptFile, ctx.clock);
  }
  return createSimulatedSource(
    await resolveMarketSeed(ctx, options),
    ctx.clock,
    options.referencePrices,
  );
}

/**
 * A fixed MARKET_SEED (tests, demos), or the secret one kept in the database: a published seed
 * would let anyone compute the next minutes of prices and time their trades on them.
 */
async function resolveMarketSeed(ctx: AppContext, options: MarketOptions): Promise<number> {
  if (options.seed !== undefined) return options.seed;
  return storedMarketSeed(ctx.db, crypto.randomInt(0, 2 ** 32));
}

/**
 * Market data, strategies and trades at run time. Start-up (every instance, idempotent, under
 * advisory locks): back-fill candles, create the demo strategies with their replayed history.
 * Then the scheduler (leader only) runs:
 *  - `market.tick` every tickMs: store quotes, publish prices (≤ 1/s), refresh NAVs, and hand the
 *    NAVs to the scheduled closes (stop-losses), which work outside the tick;
 *  - `trades.term-end`, `strategies.demo`, `market.gaps` every minute;
 *  - `strategies.nav-history` every hour (strategies/nav-history.ts).
 */
export async function startCopyTrading(
  ctx: AppContext,
  scheduler: Scheduler | null,
  overrides: Partial<MarketOptions> = {},
  /** A given market (tests: the scripted one) instead of the configured one. */
  given?: MarketDataSource,
): Promise<CopyTrading> {
  const options = { ...marketOptions(ctx.config), ...overrides };
  const source = given ?? (await createMarketSource(ctx, options));
  const now = ctx.clock.now().getTime();

  const backfill = await backfillCandles(ctx, source, now, options);
  const replayStarted = performance.now();
  const { created } = await ensureDemoStrategies(ctx, now, options);
  const replayMs = Math.round(performance.now() - replayStarted);
  await stateNewFigures(ctx, new Date(now));

  const alertMails = createAlertMails(ctx);
  // Alerts a crash left with their e-mails due (every instance: each takes other alerts).
  alertMails.kick();
  const closes = createScheduledCloses(ctx, alertMails);
  const tick = marketTick(ctx, source, options, closes);
  if (scheduler) scheduleCopyTrading(ctx, scheduler, { source, options, tick, closes });

  return {
    source,
    options,
    startup: {
      backfillMs: backfill.durationMs,
      candles: backfill.inserted,
      replayMs,
      strategiesCreated: created,
    },
    tick,
    closes,
    alertMails,
    close: async () => {
      await closes.settled();
      await alertMails.settled();
      await source.close();
    },
  };
}

/** Publishes prices to everyone, at most once a second. */
function pricePublisher(ctx: AppContext) {
  let lastPublished = 0;
  return {
    publish(quotes: readonly PriceQuote[], at: number) {
      if (quotes.length === 0 || at - lastPublished < 1000) return;
      lastPublished = at;
      ctx.realtime.publish('public', {
        type: 'prices',
        data: {
          at,
          quotes: quotes.map((q) => ({
            symbol: q.symbol,
            price: q.price,
            change24hPct: changePct(q.price, q.open24h),
          })),
        },
      });
    },
    /** Prices went out within the last second of `at` (the NAVs go out with them). */
    publishedRecently(at: number) {
      return at - lastPublished < 1000;
    },
  };
}

/**
 * The market tick: store quotes, publish prices, refresh NAVs (published with the prices), and
 * hand the NAVs to the scheduled closes. The strategy states it values are held between ticks
 * (strategy-states.ts): each tick reads only those changed since, on whichever instance.
 */
function marketTick(
  ctx: AppContext,
  source: MarketDataSource,
  options: MarketOptions,
  closes: ScheduledCloses,
) {
  const prices = pricePublisher(ctx);
  const states = createStrategyStates({
    heldAcrossTicks: ctx.config.performance['tick-states'],
  });
  // The NAV each strategy's last live update carried: the update carries only NAVs that moved
  // since (the web refetches a trade whose strategy's NAV moved; the rest it already holds), so
  // a tick in which nothing moved sends nothing, and one where BTC moved sends the strategies
  // holding it — not every strategy's NAV to every browser each second (10,000 at scale).
  const published = new Map<string, Dec>();
  return async (at: Date) => {
    // Remembered for five ticks (a tick runs late under load, waiting for strategy locks); no
    // longer, so an instance that stopped leading soon reads the new leader's prices.
    const quotes = await recordTick(ctx, source, options.tickMs * 5);
    prices.publish(quotes, at.getTime());
    const current = await ctx.prices.current(at.getTime());
    // The NAVs valued anew only: a strategy whose prices and state did not change keeps its NAV.
    const navs = await refreshNavs(ctx, states, current, at);
    const moved = navs.filter((n) => {
      const last = published.get(n.id);
      return last === undefined || (last !== n.nav && !last.eq(n.nav));
    });
    if (moved.length > 0 && prices.publishedRecently(at.getTime())) {
      ctx.realtime.publish('public', {
        type: 'navs',
        data: { at: at.getTime(), navs: moved.map((n) => ({ id: n.id, nav: n.nav.toFixed() })) },
      });
      for (const n of moved) published.set(n.id, n.nav);
    }
    closes.offer({
      at,
      navs: navs.map((n) => ({ strategyId: n.id, nav: n.nav })),
      navOf: states.navOf,
    });
  };
}

/**
 * The leader's jobs: the market tick, term ends, the demo traders, candle gaps and the NAV
 * history's compaction.
 */
function scheduleCopyTrading(
  ctx: AppContext,
  scheduler: Scheduler,
  run: Pick<CopyTrading, 'source' | 'options' | 'tick' | 'closes'>,
) {
  const { source, options, tick, closes } = run;
  scheduler.add({ name: 'market.tick', everyMs: options.tickMs, run: tick });
  scheduler.add({
    name: 'trades.term-end',
    everyMs: 60_000,
    run: (at) => {
      closes.termEnds(at);
      return Promise.resolve();
    },
  });
  scheduler.add({
    name: 'strategies.demo',
    everyMs: 60_000,
    run: (at) => runDemoTraders(ctx, at.getTime()).then(() => {}),
  });
  scheduler.add({
    name: 'market.gaps',
    everyMs: 60_000,
    run: (at) => backfillCandles(ctx, source, at.getTime(), options).then(() => {}),
  });
  scheduler.add(navHistoryCompactionJob(ctx));
  scheduler.add(strategyFiguresJob(ctx));
}
