import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startCopyTrading,
  type CopyTrading,
} from '../src/modules/copy-trading/copy-trading.runtime';
import { adminClient, createTestApp, type TestApp } from './harness';
import { TEST_START } from './copy-trading-helpers';

/**
 * A fresh install's simulated market runs on a secret seed drawn at first start and kept in the
 * database: the published source code does not predict its prices. MARKET_SEED still fixes it.
 */

const open: { app: TestApp; trading: CopyTrading[] }[] = [];
afterEach(async () => {
  for (const { app, trading } of open.splice(0).reverse()) {
    for (const t of trading) await t.close();
    await app.close();
  }
});

async function instance(
  shareWith?: TestApp,
  seed?: number,
  marketReferencePrices: Partial<Record<string, string>> = {},
) {
  const app = await createTestApp(
    { marketSeed: seed, marketReferencePrices },
    shareWith ? { shareDatabaseWith: shareWith } : {},
  );
  app.clock.advance(TEST_START - app.clock.now().getTime());
  const trading = await startCopyTrading(app.ctx, null, { backfillDays: 1 });
  open.push({ app, trading: [trading] });
  return { app, trading };
}

async function storedSeeds(app: TestApp): Promise<number[]> {
  const result = await app.ctx.db.execute<{ seed: string }>(sql`SELECT seed FROM market_secret`);
  return result.rows.map((row) => Number(row.seed));
}

async function quotes(trading: CopyTrading) {
  const latest = await trading.source.latestPrices();
  return [...latest.values()].map((q) => `${q.symbol}=${q.price}`).join(' ');
}

describe('the simulated market seed', () => {
  it('is drawn at random on first start, kept in the database, and shared by every instance', async () => {
    const first = await instance();
    const second = await instance(first.app);
    const seeds = await storedSeeds(first.app);
    expect(seeds).toHaveLength(1);
    // Not the seed the README once published, and the same prices on both instances.
    expect(seeds[0]).not.toBe(20_250_101);
    expect(await quotes(second.trading)).toBe(await quotes(first.trading));

    // Another fresh install draws another seed, so other prices.
    const other = await instance();
    const otherSeeds = await storedSeeds(other.app);
    expect(otherSeeds).toHaveLength(1);
    expect(otherSeeds[0]).not.toBe(seeds[0]);
    expect(await quotes(other.trading)).not.toBe(await quotes(first.trading));
  });

  it('is kept across restarts of the same database', async () => {
    const first = await instance();
    const before = await quotes(first.trading);
    const [seed] = await storedSeeds(first.app);
    // A later start of the market on the same database (a restart, a new instance).
    const again = await startCopyTrading(first.app.ctx, null, { backfillDays: 1 });
    open.at(-1)?.trading.push(again);
    expect(await storedSeeds(first.app)).toEqual([seed]);
    expect(await quotes(again)).toBe(before);
  });

  it('MARKET_SEED fixes the prices and draws nothing', async () => {
    const fixed = await instance(undefined, 20_250_101);
    const same = await instance(undefined, 20_250_101);
    expect(await storedSeeds(fixed.app)).toEqual([]);
    expect(await quotes(same.trading)).toBe(await quotes(fixed.trading));
  });

  it('quotes around the reference prices the operator sets (MARKET_REFERENCE_PRICES)', async () => {
    const usual = await instance(undefined, 20_250_101);
    const halved = await instance(undefined, 20_250_101, { BTCUSDT: '45000.00' });
    const prices = async (trading: CopyTrading) =>
      new Map([...(await trading.source.latestPrices())].map(([s, q]) => [s, Number(q.price)]));
    const before = await prices(usual.trading);
    const after = await prices(halved.trading);
    // The same seed, the same path: BTC at half the level, to the cent; the others unchanged.
    expect(Math.abs((after.get('BTCUSDT') ?? 0) * 2 - (before.get('BTCUSDT') ?? 0))).toBeLessThan(
      0.02 + 1e-9,
    );
    expect(after.get('ETHUSDT')).toBe(before.get('ETHUSDT'));
    // The defaults sit near the real market: within a third and three times BTC 90,000 … XRP 2.2.
    const references = {
      BTCUSDT: 90_000,
      ETHUSDT: 3_000,
      SOLUSDT: 140,
      BNBUSDT: 600,
      XRPUSDT: 2.2,
    };
    for (const [symbol, reference] of Object.entries(references)) {
      const price = before.get(symbol as keyof typeof references) ?? 0;
      expect(price, symbol).toBeGreaterThan(reference / 3);
      expect(price, symbol).toBeLessThan(reference * 3);
    }
  });

  it('never reaches a client: not in the config, the API document, settings or prices', async () => {
    const { app, trading } = await instance();
    await trading.tick(app.clock.now());
    const [seed] = await storedSeeds(app);
    const admin = await adminClient(app);
    const urls = [
      '/api/config',
      '/api/openapi.json',
      '/api/market/tickers',
      '/api/settings/fees',
      '/api/admin/settings/four-eyes',
      '/api/admin/overview/',
      '/api/admin/audit/',
    ];
    for (const url of urls) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(String(seed));
    }
  });
});
