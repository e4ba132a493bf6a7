import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { migrate } from '../src/db/migrate';
import { withDatabase } from './global-setup';

/**
 * A migration test's database: one of its own, created empty and migrated up to `upTo` (the shape
 * before the migration under test) before the file's tests, its pool ended after them. The test
 * fills it in the old shape, then runs the rest of the migrations with `migrate(pool)`:
 * `useDatabaseMigratedUpTo('0014_market_seed.sql', (made) => (pool = made))`.
 */
export function useDatabaseMigratedUpTo(upTo: string, assign: (pool: pg.Pool) => void): void {
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    const name = `t_mig_${crypto.randomBytes(5).toString('hex')}`;
    const baseUrl = inject('pgBaseUrl');
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    pool = new pg.Pool({ connectionString: withDatabase(baseUrl, name), max: 2 });
    await migrate(pool, { upTo });
    assign(pool);
  });
  afterAll(async () => {
    await pool?.end();
  });
}
