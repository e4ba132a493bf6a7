import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ClosedTrade, CurrentTrade } from '@app/shared/schemas/trades';
import { adminClient, type TestClient } from './harness';
import { activeUser, auditAfterEach, fund, summaryOf } from './money-helpers';
import {
  createScriptedTradingApp,
  silverAllInBtc,
  tickAt as tickBtc,
} from './copy-trading-helpers';

/**
 * Trades on a scripted market: the lead trader holds the Silver strategy 100 % in BTC bought at
 * $100,000.00, so one unit is worth BTC / 100,000 and every figure below is exact.
 */

let t: Awaited<ReturnType<typeof createScriptedTradingApp>>;
let admin: TestClient;
let leadTrader: TestClient;
let silverId: string;
const DAY_MS = 86_400_000;
const FUNDED = 500_000;

const tickAt = (btc: string) => tickBtc(t, { BTCUSDT: btc });

async function investor(amount: string, stopLossPct?: number, takeProfitPct?: number) {
  const { client } = await activeUser(t, 'Exact Investor');
  await fund(t, admin, client, FUNDED);
  const opened = await client.post('/api/trades', {
    planId: silverId,
    amount,
    ...(stopLossPct ? { stopLossPct } : {}),
    ...(takeProfitPct ? { takeProfitPct } : {}),
  });
  expect(opened.statusCode, opened.body).toBe(201);
  return { client, trade: opened.json<{ trade: CurrentTrade }>().trade };
}

const current = async (client: TestClient) =>
  (await client.get('/api/trades/current')).json<{ trade: CurrentTrade | null }>().trade;

beforeAll(async () => {
  t = await createScriptedTradingApp();
  admin = await adminClient(t);
  const setup = await silverAllInBtc(t, admin, 20);
  silverId = setup.silver.id;
  leadTrader = setup.trader.client;
}, 120_000);
afterAll(async () => {
  await t.close();
});
auditAfterEach(() => t);

describe('exact cents on a scripted market', () => {
  it('claim pays the value less 20 % of the profit, once, to the cent', async () => {
    await tickAt('100000.00');
    const { client, trade } = await investor('1000');
    expect(trade.entryNav).toBe('1');
    expect(trade.units).toBe('1000');

    await tickAt('110000.00');
    const open = await current(client);
    expect(open).toMatchObject({ currentNav: '1.1', valueCents: 110_000, profitCents: 10_000 });
    expect(open?.roiPct).toBe('10.00');

    const [a, b] = await Promise.all([
      client.post('/api/trades/current/claim'),
      client.post('/api/trades/current/claim'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const closed = (a.statusCode === 200 ? a : b).json<{ trade: ClosedTrade }>().trade;
    expect(closed).toMatchObject({
      closeReason: 'claim',
      exitNav: '1.1',
      valueCents: 110_000,
      feeCents: 2_000,
      payoutCents: 108_000,
      profitCents: 10_000,
    });
    expect((await summaryOf(client)).availableCents).toBe(FUNDED - 100_000 + 108_000);
    expect((await summaryOf(leadTrader)).availableCents).toBe(2_000);
  });

  it('a 10 % stop-loss holds at a 9.999 % loss and fires at exactly 10 %', async () => {
    await tickAt('100000.00');
    const { client } = await investor('1000', 10);

    await tickAt('90001.00');
    expect(await current(client)).toMatchObject({ valueCents: 90_001, profitCents: -9_999 });

    await tickAt('90000.00');
    expect(await current(client)).toBeNull();
    const [row] = (
      await t.db.execute<{ close_reason: string; exit_nav: string; payout_cents: string }>(sql`
        SELECT close_reason, exit_nav::text, payout_cents::text FROM trades
        WHERE close_reason = 'stop_loss'`)
    ).rows;
    expect(row).toEqual({ close_reason: 'stop_loss', exit_nav: '0.9', payout_cents: '90000' });
    expect((await summaryOf(client)).availableCents).toBe(FUNDED - 100_000 + 90_000);
  });

  it('a 25 % take-profit holds at a 24.999 % gain and fires at exactly 25 %, the fee taken once', async () => {
    await tickAt('100000.00');
    const { client, trade } = await investor('1000', undefined, 25);
    expect(trade.takeProfitPct).toBe(25);

    await tickAt('124999.00');
    expect(await current(client)).toMatchObject({ valueCents: 124_999, takeProfitPct: 25 });

    await tickAt('125000.00');
    expect(await current(client)).toBeNull();
    const [row] = (
      await t.db.execute<{ close_reason: string; exit_nav: string; fee: string; payout: string }>(
        sql`SELECT close_reason, exit_nav::text, fee_cents::text AS fee, payout_cents::text AS payout
            FROM trades WHERE id = ${trade.id}`,
      )
    ).rows;
    // Value $1,250.00, profit $250.00, 20 % fee $50.00.
    expect(row).toEqual({
      close_reason: 'take_profit',
      exit_nav: '1.25',
      fee: '5000',
      payout: '120000',
    });
    expect((await summaryOf(client)).availableCents).toBe(FUNDED - 100_000 + 120_000);
  });

  it('one tick takes one copy’s profit and stops another out, both at that tick’s NAV, each with its reason', async () => {
    await tickAt('100000.00');
    const gainer = await investor('1000');
    await tickAt('125000.00');
    const loser = await investor('1250', 5);
    // The gainer (in at NAV 1) asks for 10 % now, while up 25 %: it closes at the next tick.
    await gainer.client.request('PATCH', `/api/trades/${gainer.trade.id}`, { takeProfitPct: 10 });
    // NAV 1.1: the gainer is up 10 % (take-profit), the loser (in at 1.25) down 12 % (stop 5 %).
    await tickAt('110000.00');
    expect(await current(gainer.client)).toBeNull();
    expect(await current(loser.client)).toBeNull();
    const rows = (
      await t.db.execute<{ id: string; close_reason: string; exit_nav: string; payout: string }>(
        sql`SELECT id, close_reason, exit_nav::text, payout_cents::text AS payout FROM trades
            WHERE id IN (${gainer.trade.id}, ${loser.trade.id})`,
      )
    ).rows;
    expect(
      Object.fromEntries(rows.map((r) => [r.id, [r.close_reason, r.exit_nav, r.payout]])),
    ).toEqual({
      // $1,100.00 less 20 % of the $100.00 profit.
      [gainer.trade.id]: ['take_profit', '1.1', '108000'],
      // 1,000 units at 1.1; no fee on a loss.
      [loser.trade.id]: ['stop_loss', '1.1', '110000'],
    });
  });

  it('changes and removes a take-profit on an open trade; bad values are refused with the rule', async () => {
    await tickAt('100000.00');
    const { client, trade } = await investor('1000');
    expect(trade.takeProfitPct).toBeNull();
    const path = `/api/trades/${trade.id}`;
    const set = await client.request('PATCH', path, { takeProfitPct: 15 });
    expect(set.json<{ trade: CurrentTrade }>().trade).toMatchObject({
      takeProfitPct: 15,
      stopLossPct: 40,
    });
    for (const bad of [0, 1001, 2.5, 'ten']) {
      const refused = await client.request('PATCH', path, { takeProfitPct: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', params: { rule: 'TAKE_PROFIT_RANGE' } },
      });
    }
    const empty = await client.request('PATCH', path, {});
    expect(empty.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', params: { rule: 'TRADE_CHANGE_REQUIRED' } },
    });
    const removed = await client.request('PATCH', path, { takeProfitPct: null });
    expect(removed.json<{ trade: CurrentTrade }>().trade.takeProfitPct).toBeNull();
    // Without a take-profit a 100 % gain closes nothing.
    await tickAt('200000.00');
    expect(await current(client)).toMatchObject({ valueCents: 200_000 });
    await client.post(`${path}/close`);
  });

  it('the term end closes at the last tick’s NAV, fee above the high-water mark', async () => {
    await tickAt('100000.00');
    const { trade } = await investor('2500');
    // Sessions do not last a week: from here the database is read directly.
    t.clock.advance(7 * DAY_MS);
    await tickAt('104000.00');
    t.trading.closes.termEnds(t.clock.now());
    await t.trading.closes.settled();
    const [row] = (
      await t.db.execute<{ close_reason: string; exit_nav: string; fee: string; payout: string }>(
        sql`SELECT close_reason, exit_nav::text, fee_cents::text AS fee, payout_cents::text AS payout
            FROM trades WHERE id = ${trade.id}`,
      )
    ).rows;
    // Value $2,600.00, profit $100.00, fee $20.00.
    expect(row).toEqual({
      close_reason: 'term_end',
      exit_nav: '1.04',
      fee: '2000',
      payout: '258000',
    });
  });
});
