import { describe, expect, it } from 'vitest';
import type {
  StrategyDirectory,
  StrategyOrders,
  StrategyRecord,
} from '@app/shared/schemas/strategies';
import { adminClient, TestClient } from './harness';
import { fundedInvestor } from './money-helpers';
import {
  openCopy,
  passTime,
  placeOrder,
  type ScriptedTradingApp,
  silverWithLeadTrader,
  useScriptedTradingApp,
} from './copy-trading-helpers';

/**
 * A strategy's public record from its real history: the lead trader buys, the price rises, a
 * copier closes with profit, the trader takes the profit; the record says exactly that.
 */

let t: ScriptedTradingApp;
useScriptedTradingApp((made) => (t = made));

// Sessions end after 30 idle minutes: the clock moves in steps shorter than that.
const STEP_MS = 10 * 60_000;

describe('GET /api/strategies/:id/record', () => {
  it('returns, drawdown, closed positions and copier outcomes from the strategy history', async () => {
    const admin = await adminClient(t);
    const { silver, strategyId, trader } = await silverWithLeadTrader(t, admin);

    // Half the strategy in BTC at its start price.
    await placeOrder(trader.client, { symbol: 'BTCUSDT', side: 'long', targetWeight: '50' });
    const copier = await fundedInvestor(t, admin, 500_000, 'Copier');
    await openCopy(copier.client, { planId: silver.id, amount: '2000.00', stopLossPct: 40 });
    const btc = (
      await t.db.execute<{ price: string }>(
        `SELECT price::text FROM market_prices WHERE symbol = 'BTCUSDT'`,
      )
    ).rows[0]!.price;

    // BTC +20 % later on: NAV 1 → 1.1. The copier closes, the trader sells everything.
    await passTime(t, STEP_MS);
    t.market.set({ BTCUSDT: (Number(btc) * 1.2).toFixed(2) });
    await passTime(t, STEP_MS);
    // While the copy is open, the record counts it and values its units at the day's last NAV: the
    // same cents its owner would be paid.
    const visitor = new TestClient(t.app);
    const during = (
      await visitor.get(`/api/strategies/${strategyId}/record`)
    ).json<StrategyRecord>();
    const value = (await copier.client.get('/api/trades/current')).json<{
      trade: { valueCents: number };
    }>().trade.valueCents;
    expect(during.copying.at(-1)).toMatchObject({ copiers: 1, aumCents: value });
    // NAV 1 → 1.1 with BTC +20 % at half weight, rounded down to 10 decimals.
    expect(during.navHistory.at(-1)?.nav).toBe('1.0999999999');
    const closed = await copier.client.post('/api/trades/current/close', {});
    expect(closed.statusCode, closed.body).toBe(200);
    await placeOrder(trader.client, { symbol: 'BTCUSDT', side: 'long', targetWeight: '0' });
    await passTime(t, STEP_MS);

    const response = await visitor.get(`/api/strategies/${strategyId}/record`);
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json<StrategyRecord>();
    const payout = (
      await t.db.execute<{ amount: string; payout: string; fee: string }>(
        `SELECT amount_cents::text AS amount, payout_cents::text AS payout, fee_cents::text AS fee
       FROM trades WHERE user_id = '${copier.user.id}'`,
      )
    ).rows[0]!;
    // Units are rounded down when bought, the payout to the cent below: 2,199.99 for 2,000.00,
    // a return of 9.9995 %, 10.00 % when written out.
    expect(payout).toEqual({ amount: '200000', payout: '219999', fee: '0' });
    expect(value).toBe(219_999);
    // Closed since: no copy open at the day's last NAV any more.
    expect(record.copying.at(-1)).toMatchObject({ copiers: 0, aumCents: 0 });
    expect(record).toMatchObject({
      strategyId,
      returns: { '7d': null, '30d': null, '90d': null, '1y': null, all: '10.00' },
      maxDrawdownPct: '0.00',
      risk: { annualVolatilityPct: null, sharpeRatio: null, riskScore: null },
      closedPositions: {
        count: 1,
        winRatePct: '100.00',
        averageWinPct: '20.00',
        averageLossPct: null,
      },
      copierOutcomes: {
        opened: 1,
        closed: 1,
        profitableSharePct: '100.00',
        lowerQuartilePct: '10.00',
        medianPct: '10.00',
        upperQuartilePct: '10.00',
      },
    });
    // The order log, newest first, a page at a time: the sale, then the purchase, nothing more
    // (the flat scripted market never moved the demo trader).
    const first = await visitor.get(`/api/strategies/${strategyId}/orders?limit=1`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<StrategyOrders>();
    expect(page1.orders).toEqual([
      expect.objectContaining({
        symbol: 'BTCUSDT',
        side: 'long',
        change: 'reduce',
      }),
    ]);
    expect(Number(page1.orders[0]!.price)).toBe(Number((Number(btc) * 1.2).toFixed(2)));
    expect(page1.nextBefore).toBe(page1.orders[0]!.id);
    const second = (
      await visitor.get(`/api/strategies/${strategyId}/orders?limit=1&before=${page1.nextBefore}`)
    ).json<StrategyOrders>();
    expect(second.orders).toEqual([
      expect.objectContaining({
        change: 'increase',
        realisedPnlPerUnit: null,
      }),
    ]);
    expect(Number(second.orders[0]!.price)).toBe(Number(btc));
    // Half the NAV of 1 in BTC: 0.5 / price units of BTC per unit, all sold again.
    expect(second.orders[0]!.quantityPerUnit).toBe(page1.orders[0]!.quantityPerUnit);
    // The sale realised 20 % on what that BTC cost: 0.1 per unit of the strategy.
    expect(Number(page1.orders[0]!.realisedPnlPerUnit)).toBeCloseTo(0.1, 8);
    const last = (
      await visitor.get(`/api/strategies/${strategyId}/orders?before=${second.orders[0]!.id}`)
    ).json<StrategyOrders>();
    expect(last).toEqual({ orders: [], nextBefore: null });

    // The directory shows the same headline figures, and the plan that copies it.
    const directory = (await visitor.get('/api/strategies/directory')).json<StrategyDirectory>();
    expect(directory.strategies).toHaveLength(4);
    expect(directory.strategies.find((s) => s.id === strategyId)).toMatchObject({
      returns: record.returns,
      recordMaxDrawdownPct: '0.00',
      riskScore: null,
      plans: [{ id: silver.id, title: 'Silver' }],
      runBy: 'trader',
      leadTraderName: 'Lead Trader',
    });

    // The record starts with the two days of back-filled (flat) history, on 31 May.
    expect(record.monthly).toEqual([
      { month: '2025-05', returnPct: '0.00', partial: false },
      { month: '2025-06', returnPct: '10.00', partial: true },
    ]);
  });

  it('an unknown strategy is 404 and a malformed id 400, for anyone', async () => {
    const visitor = new TestClient(t.app);
    expect(
      (await visitor.get('/api/strategies/00000000-0000-4000-8000-000000000000/record')).statusCode,
    ).toBe(404);
    expect((await visitor.get('/api/strategies/nope/record')).statusCode).toBe(400);
    expect(
      (await visitor.get('/api/strategies/00000000-0000-4000-8000-000000000000/orders')).statusCode,
    ).toBe(404);
    for (const query of ['before=0', 'before=abc', 'limit=0', 'limit=101']) {
      const refused = await visitor.get(
        `/api/strategies/00000000-0000-4000-8000-000000000000/orders?${query}`,
      );
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json<{ error: { field: string } }>().error.field, query).toBe(
        query.split('=')[0],
      );
    }
  });
});
