import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { useDatabaseMigratedUpTo } from './migration-helpers';

/**
 * Migration 0051 moves the one global withdrawal fee onto each payment method: proven on a
 * database in the shape before it (migrated up to 0049) with the operator's 12.5 % set, then
 * migrated to the end. Every method takes the fee the operator had; the global setting is gone.
 */
let pool: pg.Pool;
useDatabaseMigratedUpTo('0049_profit_claim.sql', (made) => (pool = made));

describe('migration 0051: the withdrawal fee per payment method', () => {
  it('gives every method the global fee the operator had set, and drops the setting', async () => {
    await pool.query(
      `INSERT INTO payment_methods (kind, name, network, address) VALUES
         ('crypto', 'Bitcoin', 'BTC', 'bc1qexample'), ('crypto', 'Tether', 'TRC20', 'Texample')`,
    );
    await pool.query(
      `INSERT INTO payment_methods (kind, name, bank_name, account_name, account_number)
       VALUES ('bank', 'Bank Transfer', 'Bank', 'Operator Ltd', '123')`,
    );
    await pool.query(`INSERT INTO settings (key, value) VALUES ('withdrawal_fee_pct', '"12.5"')`);
    await migrate(pool);
    const methods = await pool.query<{ pct: string; fixed: string }>(
      `SELECT withdrawal_fee_pct::text AS pct, withdrawal_fee_fixed_cents::text AS fixed
         FROM payment_methods ORDER BY name`,
    );
    expect(methods.rows).toEqual([
      { pct: '12.50', fixed: '0' },
      { pct: '12.50', fixed: '0' },
      { pct: '12.50', fixed: '0' },
    ]);
    const setting = await pool.query(`SELECT 1 FROM settings WHERE key = 'withdrawal_fee_pct'`);
    expect(setting.rowCount).toBe(0);
    // A new method charges nothing until the operator sets a fee.
    const added = await pool.query<{ pct: string; fixed: string }>(
      `INSERT INTO payment_methods (kind, name, network, address)
       VALUES ('crypto', 'Ether', 'ERC20', '0xexample')
       RETURNING withdrawal_fee_pct::text AS pct, withdrawal_fee_fixed_cents::text AS fixed`,
    );
    expect(added.rows[0]).toEqual({ pct: '0.00', fixed: '0' });
  });
});
