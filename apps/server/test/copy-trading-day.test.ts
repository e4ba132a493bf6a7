import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PublicPlan } from '@app/shared/schemas/plans';
import type { CurrentTrade } from '@app/shared/schemas/trades';
import { Dec, floorToCents, priceAt } from '../src/modules/market/domain';
import { auditLedger } from '../src/modules/ledger/ledger.audit';
import type { TestClient } from './harness';
import { activeUser, adminClient, fundedInvestor } from './money-helpers';
import {
  type TradingTestApp,
  openCopy,
  passTime,
  placeOrder,
  TEST_MARKET,
  useTradingApp,
} from './copy-trading-helpers';

let t: TradingTestApp;
useTradingApp((made) => (t = made));

const STEP_MS = 10 * 60_000;

describe('a simulated day of copy trading', () => {
  it('closes by stop-loss and at term end exactly once, keeps value = units × NAV, and the books balance', async () => {
    const admin = await adminClient(t);
    const plans = (await admin.get('/api/plans')).json<{ plans: PublicPlan[] }>().plans;
    const byTitle = (title: string) => plans.find((p) => p.title === title)?.id ?? '';
    const gold = plans.find((p) => p.title === 'Gold')?.strategy?.id ?? '';

    // A lead trader takes over the Gold strategy and puts 95 % of it in SOL, on the side the
    // (seeded, deterministic) market will move against within the day, so a 5 % stop-loss fires.
    const start = t.clock.now().getTime();
    const path = Array.from(
      { length: 150 },
      (_, i) => new Dec(priceAt(TEST_MARKET.seed, 'SOLUSDT', start + i * STEP_MS)),
    );
    const first = path[0] ?? new Dec(1);
    const worstForLong = path.reduce((m, p) => (p.lt(m) ? p : m), first).div(first);
    const side = worstForLong.lt('0.93') ? 'long' : 'short';
    const { client: trader, user: traderUser } = await activeUser(t, 'Lead Trader');
    const assigned = await admin.post(`/api/admin/strategies/${gold}/lead-trader`, {
      userId: traderUser.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    for (const symbol of ['SOLUSDT', 'XRPUSDT']) {
      await trader.post('/api/trader/orders', { symbol, side: 'long', targetWeight: '0' });
      await trader.post('/api/trader/orders', { symbol, side: 'short', targetWeight: '0' });
    }
    await placeOrder(trader, { symbol: 'SOLUSDT', side, targetWeight: '95' });
    const openings: [string, string, number][] = [
      ['Basic', '500', 40],
      ['Basic', '900', 5],
      ['Silver', '1000', 5],
      ['Gold', '5000', 5],
      ['Silver', '2000', 40],
      ['Gold', '6000', 40],
    ];
    const investors: TestClient[] = [];
    for (const [title, amount, stopLossPct] of openings) {
      const { client } = await fundedInvestor(t, admin, 1_000_000);
      await openCopy(client, { planId: byTitle(title), amount, stopLossPct });
      investors.push(client);
    }

    for (let step = 1; step <= (25 * 3_600_000) / STEP_MS; step++) {
      await passTime(t, STEP_MS);
      if (step % 18 === 0) {
        for (const client of investors) {
          const { trade } = (await client.get('/api/trades/current')).json<{
            trade: CurrentTrade | null;
          }>();
          if (!trade) continue;
          expect(BigInt(trade.valueCents)).toBe(
            floorToCents(new Dec(trade.units).times(trade.currentNav)),
          );
        }
      }
    }

    const closed = await t.db.execute<{ close_reason: string; n: string }>(sql`
      SELECT close_reason, count(*) AS n FROM trades WHERE status = 'closed' GROUP BY close_reason`);
    const reasons = Object.fromEntries(closed.rows.map((r) => [r.close_reason, Number(r.n)]));
    expect(reasons.term_end).toBeGreaterThanOrEqual(2); // both Basic trades (1-day term)
    expect(reasons.stop_loss ?? 0).toBeGreaterThanOrEqual(1);

    // Each closed trade was booked exactly once, and its payout reached the owner.
    const entries = await t.db.execute<{ id: string; n: string }>(sql`
      SELECT t.id, count(e.id) AS n FROM trades t
      LEFT JOIN journal_entries e ON e.transaction_id = t.close_transaction_id AND e.kind = 'trade.close'
      WHERE t.status = 'closed' GROUP BY t.id`);
    for (const row of entries.rows) expect(Number(row.n)).toBeLessThanOrEqual(1);
    const dup = await t.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM journal_entries WHERE kind = 'trade.close'`,
    );
    expect(Number(dup.rows[0]?.n)).toBe(closed.rows.reduce((s, r) => s + Number(r.n), 0));

    // A user's invested balance is the amount of their open trade, and 0 once it closed.
    const invested = await t.db.execute<{ balance: string; open: string | null }>(sql`
      SELECT a.balance::text, t.amount_cents::text AS open FROM ledger_accounts a
      LEFT JOIN trades t ON t.user_id = a.user_id AND t.status = 'open'
      WHERE a.kind = 'invested'`);
    for (const row of invested.rows) expect(row.balance).toBe(row.open ?? '0');
    expect(await auditLedger(t.db)).toEqual([]);
  });
});

describe('lead trader orders', () => {
  it('fill at the feed price; over 100 %, unknown instruments and price fields are refused', async () => {
    const admin = await adminClient(t);
    const { client: trader, user } = await activeUser(t, 'Grace Trader');
    const strategies = (await admin.get('/api/admin/strategies')).json<{
      strategies: { id: string; name: string; leadTraderId: string | null }[];
    }>().strategies;
    const free = strategies.find((s) => !s.leadTraderId);
    if (!free) throw new Error('no strategy without a lead trader');
    expect((await trader.get('/api/trader/strategy')).statusCode).toBe(403);
    await admin.post(`/api/admin/strategies/${free.id}/lead-trader`, { userId: user.id });

    const before = await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM strategy_fills`);
    const bad: [unknown, string][] = [
      [{ symbol: 'BTCUSDT', side: 'long', targetWeight: '101' }, 'targetWeight'],
      [{ symbol: 'DOGEUSDT', side: 'long', targetWeight: '10' }, 'symbol'],
      [{ symbol: 'BTCUSDT', side: 'long', targetWeight: '10', price: '1' }, ''],
      [{ symbol: 'BTCUSDT', side: 'sideways', targetWeight: '10' }, 'side'],
    ];
    for (const [body, field] of bad) {
      const response = await trader.post('/api/trader/orders', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(response.json<{ error: { field: string } }>().error.field).toBe(field);
    }
    // Existing positions plus a new 90 % would exceed 100 % of equity.
    const over = await trader.post('/api/trader/orders', {
      symbol: 'SOLUSDT',
      side: 'long',
      targetWeight: '90',
    });
    if (over.statusCode === 400) {
      expect(over.json<{ error: { code: string; field: string } }>().error).toMatchObject({
        code: 'WEIGHT_OVER_100',
        field: 'targetWeight',
      });
    }
    const after = await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM strategy_fills`);
    if (over.statusCode === 400) expect(after.rows[0]?.n).toBe(before.rows[0]?.n);

    const desk = (await trader.get('/api/trader/strategy')).json<{
      positions: { symbol: string; price: string }[];
    }>();
    const prices = await t.db.execute<{ symbol: string; price: string }>(
      sql`SELECT symbol, price::text FROM market_prices`,
    );
    for (const position of desk.positions) {
      expect(position.price).toBe(prices.rows.find((r) => r.symbol === position.symbol)?.price);
    }

    const paused = await admin.post(`/api/admin/strategies/${free.id}/pause`);
    expect(paused.statusCode).toBe(200);
    const blocked = await trader.post('/api/trader/orders', {
      symbol: 'BTCUSDT',
      side: 'long',
      targetWeight: '0',
    });
    expect(blocked.statusCode).toBe(409);
    await admin.post(`/api/admin/strategies/${free.id}/resume`);
  });
});
