/**
 * The stop-loss cascade phase: `copies` open copies of one strategy on a scripted market, then one
 * tick takes the price through every stop. The product's copy-trading runtime runs in this process
 * (the scripted market cannot be steered inside the child server) against its own database of the
 * bench cluster; the price tick keeps its 1-second schedule throughout, and its lag is measured.
 */
import { eq, sql } from 'drizzle-orm';
import { systemClock, type AppContext } from '../../apps/server/src/context';
import { plans, users } from '../../apps/server/src/db/schema';
import { wirePlansIntoCopyTrading } from '../../apps/server/src/modules/plans';
import {
  createScriptedSource,
  type ScriptedSource,
} from '../../apps/server/src/modules/market/adapters/scripted';
import { auditLedger } from '../../apps/server/src/modules/ledger/ledger.audit';
import {
  startCopyTrading,
  type CopyTrading,
} from '../../apps/server/src/modules/copy-trading/copy-trading.runtime';
import { strategies } from '../../apps/server/src/modules/copy-trading/copy-trading.schema';
import { placeTraderOrder } from '../../apps/server/src/modules/copy-trading/strategies/orders.service';
import { bulkInvestors, investAll } from '../../apps/server/test/copy-trading-setup';
import { productContext } from './product-context';

export interface CascadeResult {
  copies: number;
  seconds: number;
  /** From the last close until its alerts' e-mails are all written (in the outbox). */
  alertMailsSeconds: number;
  distinctExitNavs: number;
  tickLagMaxMs: number;
  ticksDuring: number;
  auditProblems: number;
}

const TICK_MS = 1_000;

/** A lead trader holds the Silver plan's strategy 100 % in BTC: the plan's id. */
async function silverAllInBtc(ctx: AppContext): Promise<string> {
  const { db } = ctx;
  const [silver] = await db.select().from(plans).where(eq(plans.title, 'Silver'));
  if (!silver?.strategyId) throw new Error('no Silver strategy');
  const [trader] = await bulkInvestors(ctx, 1, 100n);
  if (!trader) throw new Error('no lead trader');
  await db.update(users).set({ isTrader: true }).where(eq(users.id, trader.id));
  await db
    .update(strategies)
    .set({ leadTraderId: trader.id })
    .where(eq(strategies.id, silver.strategyId));
  await placeTraderOrder(
    ctx,
    { ...trader, isTrader: true },
    {
      symbol: 'BTCUSDT',
      side: 'long',
      targetWeight: '100',
    },
  );
  return silver.id;
}

/**
 * Ticks on their schedule from now on; the third one moves BTC through every stop. Resolves when
 * every copy is closed: the seconds from the crash, the ticks until then, and how late each tick
 * since the crash finished.
 */
async function crashThroughEveryStop(
  ctx: AppContext,
  trading: CopyTrading,
  market: ScriptedSource,
  closed: () => Promise<void>,
): Promise<{ seconds: number; ticksDuring: number; lagsAfterCrash: number[] }> {
  const lagsAfterCrash: number[] = [];
  let crashAt = 0;
  let stop = false;
  // Settles once the crash's tick has handed its NAVs to the closes.
  let crashTicked: () => void = () => {};
  const crashHandedOver = new Promise<void>((resolve) => (crashTicked = resolve));
  const started = performance.now();
  const ticker = (async () => {
    for (let n = 1; !stop; n += 1) {
      const due = started + n * TICK_MS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (n === 3) {
        market.set({ BTCUSDT: (Number(market.price('BTCUSDT')) / 2).toFixed(2) });
        crashAt = performance.now();
      }
      await trading.tick(new Date());
      if (n === 3) crashTicked();
      // How late this tick finished against its schedule (a tick that runs over delays the next).
      if (crashAt > 0) lagsAfterCrash.push(performance.now() - due);
    }
  })();
  // From the crash's hand-over on, the closes are running: settled() resolves at their end, not
  // before they began (waiting on it earlier, then polling every 50 ms, added 0-70 ms to the
  // figure). Whatever a later tick hands over is awaited too, until nothing is left open.
  await crashHandedOver;
  for (;;) {
    await trading.closes.settled();
    const open = await ctx.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM trades WHERE status = 'open'`,
    );
    if (open.rows[0]?.n === '0') break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const seconds = (performance.now() - crashAt) / 1000;
  // Before the alerts' e-mails, which are written once the last batch is in.
  await closed();
  const ticksDuring = lagsAfterCrash.length;
  stop = true;
  await ticker;
  return { seconds, ticksDuring, lagsAfterCrash };
}

export async function runCascade(
  databaseUrl: string,
  copies: number,
  log: (line: string) => void,
  hooks: {
    beforeCrash?: () => Promise<void>;
    /** Right after the last close (the alerts' e-mails are written after it, then awaited). */
    afterCascade?: () => Promise<void>;
  } = {},
): Promise<CascadeResult> {
  const { ctx, close } = await productContext(databaseUrl, 'cascade');
  const market = createScriptedSource(systemClock);
  // No app is built here: wire plans into copy trading as buildApp does.
  wirePlansIntoCopyTrading();
  const trading = await startCopyTrading(ctx, null, { backfillDays: 1 }, market);
  await trading.tick(new Date());
  try {
    const planId = await silverAllInBtc(ctx);
    log(`  cascade: ${copies} investors opening copies`);
    const investors = await bulkInvestors(ctx, copies, 200_000n);
    await investAll(ctx, investors, (i) => ({
      planId,
      amount: 100_000 + (i % 1000),
      stopLossPct: 10 + (i % 31),
    }));
    // Statistics as a running platform's: with the accounts just opened not yet analyzed, the
    // ledger function's cached plan looked each account up by a scan (the statement ~25 times
    // slower), in the runs where autovacuum had not come by before the crash (4 of 10).
    await ctx.db.execute(sql`ANALYZE`);
    await hooks.beforeCrash?.();
    let mailsFrom = 0;
    const { seconds, ticksDuring, lagsAfterCrash } = await crashThroughEveryStop(
      ctx,
      trading,
      market,
      async () => {
        mailsFrom = performance.now();
        await hooks.afterCascade?.();
      },
    );
    await trading.alertMails.settled();
    const alertMailsSeconds = (performance.now() - mailsFrom) / 1000;
    const navs = await ctx.db.execute<{ n: string }>(
      sql`SELECT count(DISTINCT exit_nav) AS n FROM trades WHERE close_reason = 'stop_loss'`,
    );
    const problems = await auditLedger(ctx.db);
    return {
      copies,
      seconds,
      alertMailsSeconds,
      distinctExitNavs: Number(navs.rows[0]?.n),
      tickLagMaxMs: Math.max(...lagsAfterCrash),
      ticksDuring,
      auditProblems: problems.length,
    };
  } finally {
    await trading.close();
    await close();
  }
}
