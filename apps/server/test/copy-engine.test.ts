import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ClosedTrade, CurrentTrade } from '@app/shared/schemas/trades';
import { auditLedger } from '../src/modules/ledger/ledger.audit';
import { redeemValueCents } from '../src/modules/copy-trading/domain';
import { type TradingTestApp, useTradingApp } from './copy-trading-helpers';
import { activeUser, adminClient, fundedInvestor } from './money-helpers';
import type { TestClient } from './harness';

/**
 * Many copiers of ONE strategy invest and close at once while its lead trader keeps trading: with
 * the strategy a portfolio per unit, nobody queues on its row, nothing deadlocks, every answer is
 * 2xx, every trade is worth floor(units × NAV) and the books balance.
 */

const COPIERS = 200;
let t: TradingTestApp;

useTradingApp((made) => (t = made));

async function leadTraderOf(admin: TestClient, strategyId: string) {
  const trader = await activeUser(t, 'Lead Trader');
  const made = await admin.post(`/api/admin/users/${trader.user.id}/make-trader`);
  expect(made.statusCode).toBe(200);
  const assigned = await admin.post(`/api/admin/strategies/${strategyId}/lead-trader`, {
    userId: trader.user.id,
  });
  expect(assigned.statusCode).toBe(200);
  return trader.client;
}

describe('copiers of one strategy', () => {
  it(`${COPIERS} invest and close concurrently while the lead trader trades`, async () => {
    const admin = await adminClient(t);
    const plans = (await admin.get('/api/plans')).json<{
      plans: { id: string; title: string; strategy: { id: string } | null }[];
    }>().plans;
    const silver = plans.find((p) => p.title === 'Silver')!;
    const trader = await leadTraderOf(admin, silver.strategy!.id);

    const copiers: TestClient[] = [];
    for (let i = 0; i < COPIERS; i += 1) {
      const { client } = await fundedInvestor(t, admin, 600_000, `Copier ${i}`);
      copiers.push(client);
    }

    const statuses: number[] = [];
    const opened: CurrentTrade[] = [];
    const closed: ClosedTrade[] = [];
    let trading = true;
    const orders = (async () => {
      const weightsPct = ['30', '60', '0', '45', '10'];
      let placed = 0;
      while (trading || placed < 5) {
        const response = await trader.post('/api/trader/orders', {
          symbol: 'BTCUSDT',
          side: placed % 4 === 3 ? 'short' : 'long',
          targetWeight: weightsPct[placed % weightsPct.length],
        });
        statuses.push(response.statusCode);
        placed += 1;
      }
      return placed;
    })();
    await Promise.all(
      copiers.map(async (client, i) => {
        const open = await client.post('/api/trades', {
          planId: silver.id,
          amount: String(1_000 + i * 7),
        });
        statuses.push(open.statusCode);
        if (open.statusCode === 201) opened.push(open.json<{ trade: CurrentTrade }>().trade);
        const close = await client.post('/api/trades/current/close', {});
        statuses.push(close.statusCode);
        if (close.statusCode === 200) closed.push(close.json<{ trade: ClosedTrade }>().trade);
      }),
    );
    trading = false;
    const ordersPlaced = await orders;

    const unexpected = statuses.filter((s) => s < 200 || s > 299);
    expect(unexpected).toEqual([]);
    expect(opened).toHaveLength(COPIERS);
    expect(closed).toHaveLength(COPIERS);
    expect(ordersPlaced).toBeGreaterThanOrEqual(5);
    // Every trade was worth floor(units × NAV) when opened, and paid it when closed.
    for (const trade of opened) {
      expect(BigInt(trade.valueCents)).toBe(redeemValueCents(trade.units, trade.currentNav));
      expect(BigInt(trade.amountCents) - BigInt(trade.valueCents)).toBeLessThanOrEqual(1n);
    }
    const rows = await t.db.execute<{ bad: string }>(sql`
      SELECT count(*) AS bad FROM trades
      WHERE status = 'closed' AND value_cents <> floor(units * exit_nav * 100)`);
    expect(rows.rows[0]?.bad).toBe('0');
    expect(await auditLedger(t.db)).toEqual([]);
  }, 300_000);
});
