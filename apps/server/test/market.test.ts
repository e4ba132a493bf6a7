import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CandleList, TickerList } from '@app/shared/schemas/market';
import { priceAt } from '../src/modules/market/domain';
import { TestClient } from './harness';
import { advance, TEST_MARKET, type TradingTestApp, useTradingApp } from './copy-trading-helpers';

let t: TradingTestApp;
useTradingApp((made) => (t = made));

describe('market data', () => {
  it('back-fills every minute of the history once, and only the gap afterwards', async () => {
    const count = await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM candles`);
    const days = TEST_MARKET.backfillDays + 2;
    // 5 instruments × 1440 minutes × days, ± the minute being built by the tick.
    expect(Number(count.rows[0]?.n)).toBeGreaterThanOrEqual(5 * 1440 * days - 5);
    expect(Number(count.rows[0]?.n)).toBeLessThanOrEqual(5 * 1440 * days + 10);
    expect(t.trading.startup.candles).toBeGreaterThan(5 * 1440 * days - 10);
  });

  it('serves tickers at the simulated price of now, labelled as simulated', async () => {
    const response = await new TestClient(t.app).get('/api/market/tickers');
    expect(response.statusCode).toBe(200);
    const body = response.json<TickerList>();
    expect(body.label).toBe('Simulated market data');
    expect(body.tickers.map((x) => x.symbol).sort()).toEqual([
      'BNBUSDT',
      'BTCUSDT',
      'ETHUSDT',
      'SOLUSDT',
      'XRPUSDT',
    ]);
    const btc = body.tickers.find((x) => x.symbol === 'BTCUSDT');
    expect(btc?.price).toBe(priceAt(TEST_MARKET.seed, 'BTCUSDT', t.clock.now().getTime()));
    expect(btc?.change24hPct).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('serves 1m and 1h candles, bounded by limit, oldest first', async () => {
    const client = new TestClient(t.app);
    const minute = await client.get('/api/market/candles?symbol=BTCUSDT&interval=1m&limit=10');
    expect(minute.statusCode).toBe(200);
    const m = minute.json<CandleList>();
    expect(m.candles).toHaveLength(10);
    expect(m.candles[1]!.openTime - m.candles[0]!.openTime).toBe(60_000);
    const hour = await client.get('/api/market/candles?symbol=ETHUSDT&interval=1h&limit=24');
    const h = hour.json<CandleList>();
    expect(h.candles).toHaveLength(24);
    expect(h.candles[1]!.openTime - h.candles[0]!.openTime).toBe(3_600_000);
  });

  it('refuses an unknown instrument or a bad interval, naming the field', async () => {
    const client = new TestClient(t.app);
    const unknown = await client.get('/api/market/candles?symbol=DOGEUSDT');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: { field: string } }>().error.field).toBe('symbol');
    const interval = await client.get('/api/market/candles?symbol=BTCUSDT&interval=5m');
    expect(interval.statusCode).toBe(400);
    expect(interval.json<{ error: { field: string } }>().error.field).toBe('interval');
    const limit = await client.get('/api/market/candles?symbol=BTCUSDT&limit=5000');
    expect(limit.statusCode).toBe(400);
  });

  it('a tick updates the latest price and the candle of its minute', async () => {
    await advance(t, 90_000);
    const now = t.clock.now().getTime();
    const rows = await t.db.execute<{ price: string }>(
      sql`SELECT price::text FROM market_prices WHERE symbol = 'SOLUSDT'`,
    );
    expect(rows.rows[0]?.price).toBe(priceAt(TEST_MARKET.seed, 'SOLUSDT', now));
    const minute = new Date(Math.floor(now / 60_000) * 60_000).toISOString();
    const candle = await t.db.execute<{ close: string }>(
      sql`SELECT close::text FROM candles WHERE symbol = 'SOLUSDT' AND open_time = ${minute}`,
    );
    expect(candle.rows[0]?.close).toBe(priceAt(TEST_MARKET.seed, 'SOLUSDT', now));
  });
});
