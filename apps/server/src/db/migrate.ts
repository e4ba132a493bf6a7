import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** Any constant: it keeps two instances starting at once from migrating together. */
const MIGRATION_LOCK_ID = 727_001;

/** The migration files this build carries, in the order they apply (`NNNN_name.sql`). */
export async function migrationNames(): Promise<string[]> {
  return (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
}

/**
 * Applies `migrations/NNNN_name.sql` in order, each in its own transaction, recording what ran.
 * Versioned SQL files keep the database rules (constraints, triggers) reviewable as SQL; the
 * Drizzle schema in `schema.ts` mirrors them for typed queries (a test checks they agree).
 */
export async function migrate(pool: pg.Pool, options: { upTo?: string } = {}): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
        (r) => r.name,
      ),
    );
    const files = await migrationNames();
    for (const file of files) {
      if (done.has(file)) continue;
      // A test rebuilds an earlier schema to prove a migration keeps the data's meaning.
      if (options.upTo !== undefined && file > options.upTo) break;
      const sql = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
        applied.push(file);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  return applied;
}
