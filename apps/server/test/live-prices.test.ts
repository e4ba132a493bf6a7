import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eventually } from '@app/shared/test/eventually';
import type { CurrentTrade } from '@app/shared/schemas/trades';
import { isInstrumentSymbol, type InstrumentSymbol } from '../src/modules/market/domain';
import { storedPrices } from '../src/modules/market/market.repo';
import * as strategiesRepo from '../src/modules/copy-trading/strategies/strategies.repo';
import { strategyNav, type PriceMap } from '../src/modules/copy-trading/domain';
import { PRICE_STALE_AFTER_MS as PRICE_STALE_MS } from '../src/modules/market/market.options';
import { createTestApp, type TestClient } from './harness';
import { activeUser, adminClient, auditAfterEach, fund } from './money-helpers';
import { advance, type TradingTestApp, useTradingApp } from './copy-trading-helpers';

let t: TradingTestApp;

useTradingApp((made) => (t = made));
auditAfterEach(() => t);

const now = () => t.clock.now().getTime();
const prices = () => t.ctx.prices.current(now());

/** What the table says, with the same freshness rule. */
async function tablePrices(): Promise<PriceMap> {
  const prices = new Map<InstrumentSymbol, string>();
  for (const row of await storedPrices(t.db)) {
    if (isInstrumentSymbol(row.symbol) && now() - row.at.getTime() <= PRICE_STALE_MS)
      prices.set(row.symbol, row.price);
  }
  return prices;
}

async function setTablePrice(symbol: string, price: string, at: number) {
  await t.db.execute(
    sql`UPDATE market_prices SET price = ${price}::numeric, at = ${new Date(at).toISOString()}::timestamptz
        WHERE symbol = ${symbol}`,
  );
}

describe('current prices', () => {
  it('are the latest tick’s, and a new tick changes them and the NAV of a following read', async () => {
    const { client } = await activeUser(t);
    const admin: TestClient = await adminClient(t);
    await fund(t, admin, client, 200_000);
    const plans = (await client.get('/api/plans')).json<{
      plans: { id: string; title: string }[];
    }>().plans;
    const basic = plans.find((p) => p.title === 'Basic')!;
    expect((await client.post('/api/trades', { planId: basic.id, amount: '500' })).statusCode).toBe(
      201,
    );

    const navNow = async () => {
      const trade = (await client.get('/api/trades/current')).json<{ trade: CurrentTrade }>().trade;
      const loaded = await strategiesRepo.loadStrategyState(t.db, trade.strategyId, {
        lock: false,
      });
      const expected = strategyNav(loaded!.state, await tablePrices()).toFixed();
      return { shown: trade.currentNav, expected };
    };

    const first = await prices();
    expect(first).toEqual(await tablePrices());
    const before = await navNow();
    expect(before.shown).toBe(before.expected);

    await advance(t, 60_000);
    const second = await prices();
    expect(second).toEqual(await tablePrices());
    expect(second).not.toEqual(first);
    const after = await navNow();
    expect(after.shown).toBe(after.expected);
    expect(after.shown).not.toBe(before.shown);
  });

  it('a newer quote already in the table (another instance) wins over this tick’s', async () => {
    await advance(t, 1_000);
    await setTablePrice('BTCUSDT', '12345.67', now() + 10_000);
    await advance(t, 1_000);
    expect((await prices()).get('BTCUSDT')).toBe('12345.67');
    expect(await prices()).toEqual(await tablePrices());
  });

  it('without a tick for over five ticks, the table is read again', async () => {
    await advance(t, 60_000);
    t.clock.advance(4_000);
    // Still this process's own tick (the table has not changed since).
    expect(await prices()).toEqual(await tablePrices());
    t.clock.advance(2_000);
    await setTablePrice('ETHUSDT', '2345.67', now());
    expect((await prices()).get('ETHUSDT')).toBe('2345.67');
    // Past the stale limit, nothing is served from memory either.
    await advance(t, 60_000);
    t.clock.advance(PRICE_STALE_MS + 1_000);
    expect((await prices()).size).toBe(0);
  });

  it('an instance without ticks of its own trades and values at the table’s quotes', async () => {
    await advance(t, 60_000);
    const b = await createTestApp({}, { shareDatabaseWith: t });
    try {
      b.clock.advance(now() - b.clock.now().getTime());
      const { client } = await activeUser(b, 'Other Instance');
      await fund(b, await adminClient(b), client, 200_000);
      const plans = (await client.get('/api/plans')).json<{
        plans: { id: string; title: string; strategy: { id: string } | null }[];
      }>().plans;
      const basic = plans.find((p) => p.title === 'Basic')!;
      const before = await strategiesRepo.loadStrategyState(t.db, basic.strategy!.id, {
        lock: false,
      });
      const symbol = before!.state.positions[0]!.symbol;
      // Only the table has this price: this process's last tick does not.
      await setTablePrice(symbol, '3.21', now());

      const opened = await client.post('/api/trades', { planId: basic.id, amount: '500' });
      expect(opened.statusCode).toBe(201);
      // The units were priced at the NAV of the table's quotes (3.21 included).
      expect(opened.json<{ trade: CurrentTrade }>().trade.entryNav).toBe(
        strategyNav(before!.state, await tablePrices()).toFixed(),
      );
      const trade = (await client.get('/api/trades/current')).json<{ trade: CurrentTrade }>().trade;
      const loaded = await strategiesRepo.loadStrategyState(t.db, basic.strategy!.id, {
        lock: false,
      });
      expect(trade.currentNav).toBe(strategyNav(loaded!.state, await tablePrices()).toFixed());
      expect((await client.post('/api/trades/current/close', {})).statusCode).toBe(200);
    } finally {
      await b.close();
    }
  });
  it('an instance without ticks remembers what the ticking instance announced, no longer than it does', async () => {
    const b = await createTestApp({}, { shareDatabaseWith: t });
    try {
      await b.ctx.prices.ready;
      b.clock.advance(now() - b.clock.now().getTime());
      const bPrices = () => b.ctx.prices.current(b.clock.now().getTime());
      await advance(t, 60_000);
      b.clock.advance(60_000);
      const ticked = await prices();
      // The table changes behind both instances' backs: the tick's quotes are still served.
      await setTablePrice('BTCUSDT', '4.56', now());
      const heard = await eventually(async () => {
        const read = await bPrices();
        return read.get('BTCUSDT') !== '4.56' && read;
      });
      expect(heard).toEqual(ticked);
      expect(heard.get('BTCUSDT')).not.toBe('4.56');
      // Past five ticks without a new one, both read the table again.
      t.clock.advance(6_000);
      b.clock.advance(6_000);
      expect((await prices()).get('BTCUSDT')).toBe('4.56');
      expect((await bPrices()).get('BTCUSDT')).toBe('4.56');
    } finally {
      await b.close();
    }
  });
});
