import crypto from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { useDatabaseMigratedUpTo } from './migration-helpers';

/**
 * Migration 0057 gives every open copy its stop_nav and take_profit_nav (the NAVs at which its
 * stop-loss and take-profit fire) before the trigger that keeps them exists. Proven on a database
 * in the shape before it, filled with open copies of assorted amounts, units and percentages and
 * one closed copy: each open copy's backfilled NAVs are what the trigger stores for it (which
 * stop-nav-trigger.test.ts holds to the domain), the closed copy has none.
 */

let pool: pg.Pool;
useDatabaseMigratedUpTo('0056_practice_account.sql', (made) => (pool = made));

const COPIES: {
  amountCents: number;
  units: string;
  stopLossPct: number;
  takeProfit: number | null;
}[] = [
  { amountCents: 200_000, units: '2000', stopLossPct: 30, takeProfit: 50 },
  { amountCents: 1, units: '0.00000003', stopLossPct: 5, takeProfit: 1000 },
  { amountCents: 123_456_789, units: '98765.43210987', stopLossPct: 95, takeProfit: null },
  { amountCents: 300_000, units: '2800', stopLossPct: 10, takeProfit: 1 },
];

async function insertUser(): Promise<string> {
  const id = crypto.randomUUID();
  await pool.query(
    `INSERT INTO users (id, email, name, phone, country, referral_id, password_hash)
     VALUES ($1, $2, 'Holder', '+1 555', 'US', $3, '$argon2id$x')`,
    [id, `${id}@example.com`, id.slice(0, 12)],
  );
  return id;
}

describe('migration 0057', () => {
  it('backfills the stop and take-profit NAVs of open copies as the trigger computes them', async () => {
    const planId = crypto.randomUUID();
    const strategyId = crypto.randomUUID();
    await pool.query(`INSERT INTO strategies (id, name) VALUES ($1, 'Backfilled')`, [strategyId]);
    await pool.query(
      `INSERT INTO plans (id, title, min_cents, max_cents, term_days, strategy_id)
       VALUES ($1, 'Old', 1, 1000000000, 30, $2)`,
      [planId, strategyId],
    );
    const insertTrade = async (copy: (typeof COPIES)[number]) => {
      const id = crypto.randomUUID();
      await pool.query(
        `INSERT INTO trades (id, user_id, plan_id, strategy_id, amount_cents, units, entry_nav,
           high_water_nav, performance_fee_pct, stop_loss_pct, take_profit_pct, opened_at, closes_at)
         VALUES ($1, $2, $3, $4, $5, $6, 1, 1, 0, $7, $8, now(), now() + interval '30 days')`,
        [
          id,
          await insertUser(),
          planId,
          strategyId,
          copy.amountCents,
          copy.units,
          copy.stopLossPct,
          copy.takeProfit,
        ],
      );
      return id;
    };
    for (const copy of COPIES) await insertTrade(copy);
    const closedId = await insertTrade({
      amountCents: 200_000,
      units: '2000',
      stopLossPct: 30,
      takeProfit: 50,
    });
    await pool.query(
      `UPDATE trades SET status = 'closed', closed_at = now(), close_reason = 'close', exit_nav = 1,
         value_cents = 200000, fee_cents = 0, payout_cents = 200000
       WHERE id = $1`,
      [closedId],
    );

    expect(await migrate(pool)).toContain('0057_copy_trigger_navs.sql');

    const navsOf = async () =>
      (
        await pool.query<{ id: string; stop_nav: string | null; take_profit_nav: string | null }>(
          `SELECT id, stop_nav::text, take_profit_nav::text FROM trades ORDER BY id`,
        )
      ).rows;
    const backfilled = await navsOf();
    // The trigger computes them again from the same columns (a write to them is overwritten).
    await pool.query(`UPDATE trades SET stop_nav = NULL WHERE status = 'open'`);
    expect(backfilled).toEqual(await navsOf());
    expect(backfilled.find((row) => row.id === closedId)).toMatchObject({
      stop_nav: null,
      take_profit_nav: null,
    });
    const open = backfilled.filter((row) => row.id !== closedId);
    expect(open.map((row) => row.stop_nav !== null)).toEqual(COPIES.map(() => true));
    expect(open.filter((row) => row.take_profit_nav !== null)).toHaveLength(3);
    expect(open.map((row) => row.stop_nav)).toContain('0.7000049999');
  });
});
