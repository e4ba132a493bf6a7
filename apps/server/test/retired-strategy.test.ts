import { describe, expect, it } from 'vitest';
import type { PublicPlan } from '@app/shared/schemas/plans';
import type { TraderStrategy } from '@app/shared/schemas/strategies';
import type { ClosedTrade, CurrentTrade, FundsChangeResponse } from '@app/shared/schemas/trades';
import { expectError, type TestClient } from './harness';
import { activeUser, fundedInvestor, summaryOf } from './money-helpers';
import {
  openCopy,
  placeOrder,
  tickAt as tickBtc,
  useSilverAllInBtc,
  type ScriptedTradingApp,
  type silverAllInBtc,
  refusedOrder,
} from './copy-trading-helpers';

/**
 * A strategy retired while copied (issue 39), on a scripted market: the Silver plan ($1,000 to
 * $4,999, a 20 % fee) copies a strategy its lead trader holds 100 % in BTC bought at $100,000.00,
 * so a unit is worth BTC / 100,000 and every figure is exact. Retired, its plans stop selling and
 * refuse new money, money already in it still leaves to the cent, its positions may only be
 * reduced (by its trader or the operator), and the operator may hand it to another lead trader.
 */

let t: ScriptedTradingApp;
let admin: TestClient;
let setup: Awaited<ReturnType<typeof silverAllInBtc>>;
const FUNDED = 500_000;

const tickAt = (btc: string) => tickBtc(t, { BTCUSDT: btc });

async function planById(id: string): Promise<PublicPlan | undefined> {
  return (await admin.get('/api/plans'))
    .json<{ plans: PublicPlan[] }>()
    .plans.find((p) => p.id === id);
}

useSilverAllInBtc((made) => ({ t, admin, setup } = made));

describe('a strategy retired while copied', () => {
  let copier: TestClient;
  let tradeId: string;

  /** The copier's remove-funds or claim on its trade, sent with `key`: accepted, what it changed. */
  async function fundsChanged(action: 'remove-funds' | 'claim', body: unknown, key: string) {
    const response = await copier.post(`/api/trades/${tradeId}/${action}`, body, {
      'idempotency-key': key,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FundsChangeResponse>().change;
  }

  it('stops selling its plans: listed closed, and a new copy or more money is refused with the code', async () => {
    const planId = setup.silver.id;
    expect((await planById(planId))?.closed).toBeNull();
    ({ client: copier } = await fundedInvestor(t, admin, FUNDED, 'Retired Copier'));
    tradeId = (await openCopy(copier, { planId, amount: '2000' })).id;

    const retired = await admin.post(`/api/admin/strategies/${setup.strategyId}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);

    // The copier's trade says so; the plan is still listed (its copiers find it), closed.
    const held = (await copier.get('/api/trades/open')).json<{ trades: CurrentTrade[] }>();
    expect(held.trades.map((trade) => [trade.id, trade.strategyStatus])).toEqual([
      [tradeId, 'retired'],
    ]);
    const summary = (await copier.get('/api/account/summary')).json<{
      openTrades: CurrentTrade[];
    }>();
    expect(summary.openTrades.map((trade) => trade.strategyStatus)).toEqual(['retired']);
    expect(await planById(planId)).toMatchObject({
      id: planId,
      closed: 'strategy_retired',
      strategy: { id: setup.strategyId, retired: true },
    });
    const newcomer = await fundedInvestor(t, admin, FUNDED, 'Too Late');
    const refused = await newcomer.client.post('/api/trades', { planId, amount: '1000' });
    expect(refused.statusCode).toBe(409);
    expectError(refused, { code: 'STRATEGY_RETIRED', field: 'planId' });
    expect((await summaryOf(newcomer.client)).availableCents).toBe(FUNDED);

    const add = await copier.post(`/api/trades/${tradeId}/add-funds`, { amount: '100' });
    expect(add.statusCode).toBe(409);
    expectError(add, { code: 'STRATEGY_RETIRED', field: 'amount' });
  });

  it('lets the money leave to the cent: remove funds, claim profit and close', async () => {
    // NAV 1.25. Remove $500: 400 units of cost $400.00, fee 20 % × 400 × 0.25 = $20.00.
    await tickAt('125000.00');
    expect(await fundsChanged('remove-funds', { amount: '500' }, 'retired-remove')).toMatchObject({
      action: 'remove',
      units: '400',
      costCents: 40_000,
      feeCents: 2_000,
      payoutCents: 48_000,
      after: { amountCents: 160_000, units: '1600', valueCents: 200_000 },
    });

    // Claim: the $400.00 gain above the $1,600.00 amount, 320 units, fee $80.00, $320.00 in.
    expect(await fundsChanged('claim', undefined, 'retired-claim')).toMatchObject({
      action: 'claim',
      units: '320',
      feeCents: 8_000,
      payoutCents: 32_000,
      after: { amountCents: 160_000, units: '1280', valueCents: 160_000 },
    });

    const closed = await copier.post(`/api/trades/${tradeId}/close`, undefined, {
      'idempotency-key': 'retired-close',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<{ trade: ClosedTrade }>().trade).toMatchObject({
      amountCents: 160_000,
      valueCents: 160_000,
      feeCents: 0,
      payoutCents: 160_000,
    });
    // 5,000.00 − 2,000.00 + 480.00 + 320.00 + 1,600.00
    expect((await summaryOf(copier)).availableCents).toBe(540_000);
  });

  it('takes from its lead trader only orders that reduce a position', async () => {
    const trader = setup.trader.client;
    const reduced = await placeOrder(trader, {
      symbol: 'BTCUSDT',
      side: 'long',
      targetWeight: '40',
    });
    for (const order of [
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '60' },
      { symbol: 'ETHUSDT', side: 'long', targetWeight: '10' },
      { symbol: 'BTCUSDT', side: 'short', targetWeight: '10' },
    ] as const) {
      await refusedOrder(trader, order, 409, {
        code: 'ORDER_MUST_REDUCE',
        params: { symbol: order.symbol },
        field: 'targetWeight',
      });
    }
    // Closing what it does not hold changes nothing: refused as such, not as a growth.
    await refusedOrder(trader, { symbol: 'ETHUSDT', side: 'long', targetWeight: '0' }, 409, {
      code: 'ORDER_CHANGES_NOTHING',
      params: { symbol: 'ETHUSDT' },
    });
    const desk = reduced.json<TraderStrategy>();
    expect(desk.strategy.terms?.retired).toBe(true);
    expect(desk.positions.map((p) => [p.symbol, p.side, p.weightPct])).toEqual([
      ['BTCUSDT', 'long', '40.00'],
    ]);
  });

  it('lets the operator unwind it, but only a retired strategy and only by reducing', async () => {
    const path = `/api/admin/strategies/${setup.strategyId}/unwind-orders`;
    const grow = await admin.post(path, { symbol: 'BTCUSDT', side: 'long', targetWeight: '60' });
    expect(grow.statusCode).toBe(409);
    expectError(grow, { code: 'ORDER_MUST_REDUCE', field: 'targetWeight' });
    const flat = await admin.post(path, { symbol: 'BTCUSDT', side: 'long', targetWeight: '0' });
    expect(flat.statusCode, flat.body).toBe(200);
    expect(flat.json<{ strategy: { positions: unknown[] } }>().strategy.positions).toEqual([]);

    const running = (await admin.get('/api/plans'))
      .json<{ plans: PublicPlan[] }>()
      .plans.find((p) => p.title === 'Gold')?.strategy?.id;
    const notRetired = await admin.post(`/api/admin/strategies/${running}/unwind-orders`, {
      symbol: 'BTCUSDT',
      side: 'long',
      targetWeight: '0',
    });
    expect(notRetired.statusCode).toBe(409);
    expectError(notRetired, { code: 'STRATEGY_NOT_RETIRED' });
  });

  it('hands it to another lead trader, under whom it sells again; the first keeps it on their count', async () => {
    const path = `/api/admin/strategies/${setup.strategyId}/lead-trader`;
    const same = await admin.post(path, { userId: setup.trader.user.id });
    expect(same.statusCode).toBe(409);
    expectError(same, { code: 'STRATEGY_HANDOVER_SAME_TRADER', field: 'userId' });

    const next = await activeUser(t, 'Next Trader');
    expect((await admin.post(`/api/admin/users/${next.user.id}/make-trader`)).statusCode).toBe(200);
    const handed = await admin.post(path, { userId: next.user.id });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toMatchObject({
      strategy: { leadTraderId: next.user.id, terms: { retired: false } },
    });
    expect((await planById(setup.silver.id))?.closed).toBeNull();
    const desk = await next.client.get('/api/trader/strategy');
    expect(desk.statusCode, desk.body).toBe(200);
    await placeOrder(next.client, { symbol: 'BTCUSDT', side: 'long', targetWeight: '50' });

    // The trader it was taken from cannot start a clean record in its place.
    const fresh = await setup.trader.client.post('/api/trader/strategy', {
      name: 'Fresh Start',
      description: 'A clean record.',
      instruments: ['BTCUSDT'],
      performanceFeePct: '10',
      minCopy: '100',
      maxCopiers: null,
    });
    expect(fresh.statusCode).toBe(409);
    expectError(fresh, { code: 'STRATEGY_LIMIT_REACHED', field: 'userId' });
  });
});
