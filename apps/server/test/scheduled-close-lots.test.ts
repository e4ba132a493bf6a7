import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useSilverAllInBtc, type ScriptedTradingApp } from './copy-trading-helpers';

/**
 * A scheduled close reads only the columns it needs of each locked copy, mapped by hand
 * (trades.repo lockDueTrades): a copy topped up at a higher NAV holds two lots, and its
 * take-profit's fee is each lot's own gain above its own mark, as the owner's Close charges it
 * (trade-funds.test.ts). Silver: 100 % BTC bought at $100,000.00 (a unit is BTC / 100,000), 20 %.
 */

let t: ScriptedTradingApp;
const silver = useSilverAllInBtc((made) => (t = made.t));

describe('a take-profit of a copy with two lots', () => {
  it('charges each lot its own gain, at the tick that crossed it', async () => {
    await silver.tickAt('100000.00');
    const { client, trade } = await silver.copier('Lot Holder', 500_000, { amount: '2000' });
    // NAV 1.25: $1,000 more buys 800 units (lots: 2,000 at 1.00, 800 at 1.25); $3,000 in all.
    await silver.tickAt('125000.00');
    const added = await client.post(`/api/trades/${trade.id}/add-funds`, { amount: '1000' });
    expect(added.statusCode, added.body).toBe(200);
    // Take-profit at 20 %: a value of $3,600.00, NAV 1.2857… (2,800 units).
    const rules = await client.request('PATCH', `/api/trades/${trade.id}`, { takeProfitPct: 20 });
    expect(rules.statusCode, rules.body).toBe(200);

    // NAV 1.40: worth $3,920.00. Fee 2,000 × 0.40 × 20 % + 800 × 0.15 × 20 % = $160 + $24 (one
    // lot at the trade's mark would charge $84.00 or $224.00).
    await silver.tickAt('140000.00');
    const { rows } = await t.db.execute<Record<string, unknown>>(sql`
      SELECT status, close_reason, exit_nav::text, value_cents::text, fee_cents::text,
        payout_cents::text, high_water_nav::text FROM trades WHERE id = ${trade.id}`);
    expect(rows).toEqual([
      {
        status: 'closed',
        close_reason: 'take_profit',
        exit_nav: '1.4',
        value_cents: '392000',
        fee_cents: '18400',
        payout_cents: '373600',
        high_water_nav: '1.4',
      },
    ]);
  });
});
