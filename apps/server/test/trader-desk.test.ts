import { beforeAll, describe, expect, it } from 'vitest';
import type { StrategyList, TraderStrategy } from '@app/shared/schemas/strategies';
import type { TraderDashboard } from '@app/shared/schemas/lead-traders';
import { adminClient, type TestClient } from './harness';
import { activeUser, auditAfterEach } from './money-helpers';
import {
  placeOrder,
  type ScriptedTradingApp,
  silverWithLeadTrader,
  tickAt,
  useScriptedTradingApp,
  refusedOrder,
} from './copy-trading-helpers';

/**
 * The lead trader's desk shows the strategy per unit (instrument units per strategy unit, weight
 * of the NAV: the public page's figures) and at its current size (the units held by copies and
 * seed money: position value and equity in dollars). On a scripted market (BTC 94,000.00, ETH
 * 3,300.00 until a test moves them), so every figure is exact.
 */

let t: ScriptedTradingApp;
let admin: TestClient;
useScriptedTradingApp((made) => (t = made));
beforeAll(async () => {
  admin = await adminClient(t);
});
auditAfterEach(() => t);

/** 25 % of a $1 unit in BTC at 94,000.00, rounded down to 18 decimals. */
const BTC_PER_UNIT = '0.000002659574468085';

async function publicWeights(strategyId: string) {
  const list = (await admin.get('/api/strategies')).json<StrategyList>().strategies;
  return list.find((s) => s.id === strategyId)?.positions;
}

async function desk(client: TestClient): Promise<TraderStrategy> {
  const response = await client.get('/api/trader/strategy');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TraderStrategy>();
}

describe('GET /api/trader/strategy', () => {
  it('shows a strategy nobody copies yet per unit, as the public page does, and at size 0', async () => {
    const trader = await activeUser(t, 'New Lead Trader');
    expect((await admin.post(`/api/admin/users/${trader.user.id}/make-trader`)).statusCode).toBe(
      200,
    );
    const created = await trader.client.post('/api/trader/strategy', {
      name: 'Fresh Desk',
      description: 'A new lead trader’s first strategy.',
      instruments: ['BTCUSDT', 'ETHUSDT'],
      performanceFeePct: '10',
      minCopy: '100',
      maxCopiers: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { strategyId } = created.json<TraderDashboard>();
    for (const order of [
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '25' },
      { symbol: 'ETHUSDT', side: 'short', targetWeight: '40' },
    ]) {
      const placed = await trader.client.post('/api/trader/orders', order);
      expect(placed.statusCode, placed.body).toBe(200);
    }

    const view = await desk(trader.client);
    expect(view.strategy.nav).toBe('1');
    expect(view).toMatchObject({ unitsOutstanding: '0', equity: '0.00', cash: '0.00' });
    expect(view.positions).toEqual([
      {
        symbol: 'BTCUSDT',
        side: 'long',
        quantityPerUnit: BTC_PER_UNIT,
        quantity: '0',
        entryPrice: '94000',
        price: '94000',
        weightPct: '25.00',
        valueCents: 0,
        unrealisedPnl: '0.00',
      },
      {
        symbol: 'ETHUSDT',
        side: 'short',
        quantityPerUnit: '0.000121212121212121',
        quantity: '0',
        entryPrice: '3300',
        price: '3300',
        weightPct: '40.00',
        valueCents: 0,
        unrealisedPnl: '0.00',
      },
    ]);
    expect(await publicWeights(strategyId)).toEqual(
      view.positions.map(({ symbol, side, weightPct }) => ({ symbol, side, weightPct })),
    );
  });

  it('shows a copied strategy at its current size, its weights those of the public page and of the order check', async () => {
    // The Silver strategy: the operator's 100,000 seed units at NAV 1, now run by a lead trader.
    const { strategyId, trader } = await silverWithLeadTrader(t, admin);
    await placeOrder(trader.client, { symbol: 'BTCUSDT', side: 'long', targetWeight: '25' });
    let view = await desk(trader.client);
    expect(view).toMatchObject({
      unitsOutstanding: '100000',
      equity: '100000.00',
      cash: '75000.00',
    });
    expect(view.positions).toMatchObject([
      {
        symbol: 'BTCUSDT',
        quantityPerUnit: BTC_PER_UNIT,
        quantity: '0.2659574468085',
        weightPct: '25.00',
        // 0.2659574468085 BTC × 94,000.00 = $24,999.99999999 (rounded down to the cent).
        valueCents: 2_499_999,
        unrealisedPnl: '0.00',
      },
    ]);

    await tickAt(t, { BTCUSDT: '100000.00' });
    view = await desk(trader.client);
    // One unit: 0.75000000000001 cash + 0.2659574468085 BTC... per 100,000 units, at 100,000.00.
    expect(view.strategy.nav).toBe('1.0159574468');
    expect(view.equity).toBe('101595.74');
    expect(view.positions).toMatchObject([
      { symbol: 'BTCUSDT', weightPct: '26.18', valueCents: 2_659_574, unrealisedPnl: '1595.74' },
    ]);
    expect(await publicWeights(strategyId)).toEqual([
      { symbol: 'BTCUSDT', side: 'long', weightPct: '26.18' },
    ]);
    // The order check weighs the same way: 26.18 % held + 85 % asked = 111.18 % of the NAV.
    const ethOrder = { symbol: 'ETHUSDT', side: 'long', targetWeight: '85' } as const;
    await refusedOrder(trader.client, ethOrder, 400, {
      code: 'WEIGHT_OVER_100',
      params: { grossWeightPct: '111.18' },
    });
  });
});
