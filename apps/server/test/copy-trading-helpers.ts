import {
  startCopyTrading,
  type CopyTrading,
} from '../src/modules/copy-trading/copy-trading.runtime';
import { createScriptedSource, type ScriptedSource } from '../src/modules/market/adapters/scripted';
import { createScheduler, type Scheduler } from '../src/jobs/scheduler';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ClosedTrade, CurrentTrade } from '@app/shared/schemas/trades';
import type { Config } from '../src/config';
import {
  adminClient,
  createTestApp,
  expectError,
  useAppFrom,
  type TestApp,
  type TestClient,
} from './harness';
import { activeUser, auditAfterEach, fundedInvestor } from './money-helpers';

/** Short history keeps the suite fast: 2 days of 1-minute candles (+2 warm-up) and replays. */
export const TEST_MARKET = { seed: 7, backfillDays: 2 } as const;
/** Every trading test starts at the same instant, so the simulated market is the same each run. */
export const TEST_START = Date.UTC(2025, 5, 2, 12, 0, 30);

export interface TradingTestApp extends TestApp {
  trading: CopyTrading;
  /** The production scheduler holding the copy-trading jobs, never started: see `passTime`. */
  scheduler: Scheduler;
}

/** The app with market data back-filled, demo strategies seeded, and one price tick taken. */
export function createTradingApp(): Promise<TradingTestApp> {
  return startTrading(() => undefined);
}

/** The file's trading app (createTradingApp): `useTradingApp((made) => (t = made))`. */
export function useTradingApp(assign: (made: TradingTestApp) => void): void {
  useAppFrom(createTradingApp, assign);
}

/** The file's scripted trading app (createScriptedTradingApp), made and closed the same way. */
export function useScriptedTradingApp(assign: (made: ScriptedTradingApp) => void): void {
  useAppFrom(() => createScriptedTradingApp(), assign);
}

/**
 * The same on a scripted market: every price is the instrument's start price (flat history, so the
 * demo strategies start at NAV 1 and hold nothing) until the test sets another.
 */
export async function createScriptedTradingApp(
  overrides: Partial<Config> = {},
): Promise<TradingTestApp & { market: ScriptedSource }> {
  let market: ScriptedSource | undefined;
  const t = await startTrading((clock) => (market = createScriptedSource(clock)), overrides);
  if (!market) throw new Error('no scripted market');
  return { ...t, market };
}

async function startTrading(
  marketFor: (clock: TestApp['clock']) => ScriptedSource | undefined,
  overrides: Partial<Config> = {},
): Promise<TradingTestApp> {
  const t = await createTestApp(overrides);
  t.clock.advance(TEST_START - t.clock.now().getTime());
  const scheduler = createScheduler({ databaseUrl: t.databaseUrl, clock: t.clock, log: t.ctx.log });
  const trading = await startCopyTrading(t.ctx, scheduler, TEST_MARKET, marketFor(t.clock));
  await trading.tick(t.clock.now());
  await settled(trading);
  const close = t.close;
  return {
    ...t,
    trading,
    scheduler,
    close: async () => {
      await scheduler.stop();
      await trading.close();
      await close();
    },
  };
}

/**
 * Moves the clock and runs the jobs the production scheduler has due then (the price tick, term
 * ends, the demo traders, candle gaps), as its timers would, then waits for the closes they caused.
 */
export async function passTime(t: TradingTestApp, ms: number): Promise<void> {
  t.clock.advance(ms);
  await t.scheduler.runDue();
  await settled(t.trading);
}

/** Moves the clock and takes a tick, as the scheduler would, and waits for the closes it caused. */
export async function advance(t: TradingTestApp, ms: number): Promise<void> {
  t.clock.advance(ms);
  await t.trading.tick(t.clock.now());
  await settled(t.trading);
}

/**
 * The closes worked off and the e-mails of their alerts queued (written after the closes commit,
 * notifications' alert mails), so a test reads every row a tick's closes caused.
 */
async function settled(trading: TradingTestApp['trading']): Promise<void> {
  await trading.closes.settled();
  await trading.alertMails.settled();
}

/**
 * The Silver plan's strategy run by a lead trader: an active user the admin makes a lead trader
 * and assigns to it (each step answered 200).
 */
export async function silverWithLeadTrader(t: TestApp, admin: TestClient) {
  const plans = (await admin.get('/api/plans')).json<{
    plans: { id: string; title: string; strategy: { id: string } | null }[];
  }>().plans;
  const silver = plans.find((p) => p.title === 'Silver');
  if (!silver?.strategy) throw new Error('no Silver plan with a strategy');
  const strategyId = silver.strategy.id;
  const trader = await activeUser(t, 'Lead Trader');
  expect((await admin.post(`/api/admin/users/${trader.user.id}/make-trader`)).statusCode).toBe(200);
  const assigned = await admin.post(`/api/admin/strategies/${strategyId}/lead-trader`, {
    userId: trader.user.id,
  });
  expect(assigned.statusCode).toBe(200);
  return { silver, strategyId, trader };
}

/** A lead trader's order (`POST /api/trader/orders`), answered 200; the response, to read on. */
export async function placeOrder(
  trader: TestClient,
  order: { symbol: string; side: 'long' | 'short'; targetWeight: string },
) {
  const placed = await trader.post('/api/trader/orders', order);
  expect(placed.statusCode, placed.body).toBe(200);
  return placed;
}

/** A lead trader's order that the server refuses: answered `status`, with the error `expected`. */
export async function refusedOrder(
  trader: TestClient,
  order: { symbol: string; side: 'long' | 'short'; targetWeight: string },
  status: number,
  expected: Parameters<typeof expectError>[1],
) {
  const refused = await trader.post('/api/trader/orders', order);
  expect(refused.statusCode, JSON.stringify(order)).toBe(status);
  expectError(refused, expected);
}

/** A copy opened (`POST /api/trades`), answered 201: the trade as the answer shows it. */
export async function openCopy(
  client: TestClient,
  body: { planId: string; amount: string; stopLossPct?: number; takeProfitPct?: number },
): Promise<CurrentTrade> {
  const opened = await client.post('/api/trades', body);
  expect(opened.statusCode, opened.body).toBe(201);
  return opened.json<{ trade: CurrentTrade }>().trade;
}

/** The client's open copy closed (`POST /api/trades/current/close`), answered 200: the trade. */
export async function closeCopy(client: TestClient): Promise<ClosedTrade> {
  const closed = await client.post('/api/trades/current/close');
  expect(closed.statusCode, closed.body).toBe(200);
  return closed.json<{ trade: ClosedTrade }>().trade;
}

/** Sets scripted prices, moves the clock a second and takes a tick, waiting for its closes. */
export async function tickAt(
  t: TradingTestApp & { market: ScriptedSource },
  prices: Record<string, string>,
): Promise<void> {
  t.market.set(prices);
  await advance(t, 1_000);
}

/**
 * The Silver plan ($1,000 to $4,999 a trade) with a `feePct` % performance fee, its strategy run
 * by a lead trader holding 100 % BTC bought at $100,000.00: one unit is worth BTC / 100,000, so
 * every figure that follows is exact.
 */
export async function silverAllInBtc(
  t: TradingTestApp & { market: ScriptedSource },
  admin: TestClient,
  feePct: number,
) {
  const setup = await silverWithLeadTrader(t, admin);
  await t.db.execute(
    sql`UPDATE plans SET performance_fee_pct = ${feePct} WHERE id = ${setup.silver.id}`,
  );
  await tickAt(t, { BTCUSDT: '100000.00' });
  await placeOrder(setup.trader.client, { symbol: 'BTCUSDT', side: 'long', targetWeight: '100' });
  return setup;
}

export type ScriptedTradingApp = TradingTestApp & { market: ScriptedSource };

/** The Silver plan's world of a file (useSilverAllInBtc), to be read once its tests run. */
export interface SilverWorld {
  /** The lead trader who runs the Silver plan's strategy. */
  readonly leadTrader: TestClient;
  /** The Silver plan's id. */
  readonly planId: string;
  /** Sets BTC's price, moves the clock a second and takes a tick, waiting for its closes. */
  readonly tickAt: (btc: string) => Promise<void>;
  /** A new investor funded with `cents` who opens `copy` of the Silver plan: their client, the trade. */
  readonly copier: (
    name: string,
    cents: number,
    copy: { amount: string; stopLossPct?: number; takeProfitPct?: number },
  ) => Promise<{ client: TestClient; trade: CurrentTrade }>;
}

/**
 * The file's scripted trading app with the Silver plan all in BTC at $100,000.00 and a 20 %
 * performance fee (silverAllInBtc), made before its tests, closed after them, the books audited
 * after each: `useSilverAllInBtc((made) => ({ t, admin, setup } = made))`. Its world (leadTrader,
 * planId, tickAt, copier) is what it returns.
 */
export function useSilverAllInBtc(
  assign: (made: {
    t: ScriptedTradingApp;
    admin: TestClient;
    setup: Awaited<ReturnType<typeof silverAllInBtc>>;
  }) => void,
): SilverWorld {
  let t: ScriptedTradingApp | undefined;
  let made: Parameters<typeof assign>[0] | undefined;
  beforeAll(async () => {
    t = await createScriptedTradingApp();
    const admin = await adminClient(t);
    made = { t, admin, setup: await silverAllInBtc(t, admin, 20) };
    assign(made);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  auditAfterEach(() => {
    if (!t) throw new Error('no trading app');
    return t;
  });
  const world = () => {
    if (!made) throw new Error('the Silver world is made before the tests');
    return made;
  };
  return {
    get leadTrader() {
      return world().setup.trader.client;
    },
    get planId() {
      return world().setup.silver.id;
    },
    tickAt: (btc) => tickAt(world().t, { BTCUSDT: btc }),
    copier: async (name, cents, copy) => {
      const { t, admin, setup } = world();
      const { client } = await fundedInvestor(t, admin, cents, name);
      return { client, trade: await openCopy(client, { ...copy, planId: setup.silver.id }) };
    },
  };
}
