import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TraderOrderResult, TraderStrategy } from '@app/shared/schemas/strategies';
import { adminClient } from './harness';
import { auditAfterEach } from './money-helpers';
import {
  placeOrder,
  type ScriptedTradingApp,
  silverWithLeadTrader,
  useScriptedTradingApp,
  refusedOrder,
} from './copy-trading-helpers';

/**
 * A lead trader's order on a scripted market (every instrument at its start price, the Silver
 * strategy holding only cash): closing closes what is held, whichever side the order names, and
 * an order that would change nothing is refused with its own code, never a silent 200.
 */

let t: ScriptedTradingApp;
useScriptedTradingApp((made) => (t = made));
auditAfterEach(() => t);

async function fillCount(strategyId: string): Promise<number> {
  const result = await t.db.execute<{ n: string }>(
    sql`SELECT count(*) AS n FROM strategy_fills WHERE strategy_id = ${strategyId}`,
  );
  return Number(result.rows[0]?.n);
}

describe('POST /api/trader/orders', () => {
  it('closes a short with weight 0 while the form says long; refuses ORDER_CHANGES_NOTHING after', async () => {
    const admin = await adminClient(t);
    const { strategyId, trader } = await silverWithLeadTrader(t, admin);
    const opened = await placeOrder(trader.client, {
      symbol: 'ETHUSDT',
      side: 'short',
      targetWeight: '40',
    });
    expect(opened.json<TraderStrategy>().positions).toMatchObject([
      { symbol: 'ETHUSDT', side: 'short', weightPct: '40.00' },
    ]);
    // The answer says what was filled, per unit, at the feed's price.
    const short = opened.json<TraderOrderResult>();
    expect(short.filled).toEqual([
      {
        symbol: 'ETHUSDT',
        side: 'short',
        quantityDelta: short.positions[0]?.quantityPerUnit,
        price: short.positions[0]?.price,
      },
    ]);
    const fillsBefore = await fillCount(strategyId);

    const closed = await placeOrder(trader.client, {
      symbol: 'ETHUSDT',
      side: 'long',
      targetWeight: '0',
    });
    expect(closed.json<TraderStrategy>().positions).toEqual([]);
    expect(closed.json<TraderOrderResult>().filled).toEqual([
      {
        symbol: 'ETHUSDT',
        side: 'short',
        quantityDelta: `-${short.positions[0]?.quantityPerUnit}`,
        price: short.positions[0]?.price,
      },
    ]);
    expect(await fillCount(strategyId)).toBe(fillsBefore + 1);

    // Closing what is not held (ETH no more, BTC never): nothing filled, nothing saved, refused.
    for (const [symbol, side] of [
      ['ETHUSDT', 'long'],
      ['ETHUSDT', 'short'],
      ['BTCUSDT', 'long'],
    ] as const) {
      await refusedOrder(trader.client, { symbol, side, targetWeight: '0' }, 409, {
        code: 'ORDER_CHANGES_NOTHING',
        params: { symbol },
        field: 'targetWeight',
      });
    }
    expect(await fillCount(strategyId)).toBe(fillsBefore + 1);

    const btcOrder = { symbol: 'BTCUSDT', side: 'long', targetWeight: '25' } as const;
    await placeOrder(trader.client, btcOrder);
    await refusedOrder(trader.client, btcOrder, 409, {
      code: 'ORDER_CHANGES_NOTHING',
      params: { symbol: 'BTCUSDT' },
    });
  });
});
