import { sql } from 'drizzle-orm';
import type { TestApp } from '../harness';

/** Tables too big to hash on every request (market history); their row counts are compared. */
const COUNT_ONLY = new Set(['candles', 'market_prices', 'nav_snapshots', 'mail_outbox']);
/**
 * Rows a rejected request is meant to write: a failed sign-in is a security event kept in the
 * audit log (ASVS 16.3), and a wrong secret counts against its brute-force limits (every row of
 * rate_limit_buckets is such a counter); a sign-up refused for a taken e-mail tells the owner.
 * Everything else in those tables must stay unchanged.
 */
const EXPECTED_ON_REJECTION: Record<string, string> = {
  // A refused read of someone else's verification document is audited (issue 21) and still 404.
  audit_log: "x.action NOT IN ('user.login_failed', 'refused.verification_document')",
  rate_limit_buckets: 'false',
  mail_outbox: "x.template <> 'sign_up_attempt'",
};

/**
 * Tables of delta rows a trigger appends and a job folds (0064's kept overview figures; 0066's
 * copying_days, whose rows add up as a day's changes do): what
 * they state is each figure's sum, so that is what must stay unchanged — a change and its undo
 * add rows that sum to nothing.
 */
const SUMMED: Record<string, string> = {
  overview_totals: `SELECT coalesce(string_agg(figure || '=' || total, ',' ORDER BY figure), '')
    FROM (SELECT figure, sum(amount) AS total FROM overview_totals GROUP BY figure
          HAVING sum(amount) <> 0) x`,
  overview_daily_volumes: `SELECT coalesce(string_agg(day || kind || '=' || total, ',' ORDER BY day, kind), '')
    FROM (SELECT day, kind, sum(amount_cents) AS total FROM overview_daily_volumes
          GROUP BY day, kind HAVING sum(amount_cents) <> 0) x`,
  // 0066's per-day changes of a strategy's copies: a day whose changes cancel out states nothing.
  copying_days: `SELECT coalesce(string_agg(strategy_id::text || day::text || '=' || copiers || '/' || units,
      ',' ORDER BY strategy_id, day), '')
    FROM copying_days WHERE copiers <> 0 OR units <> 0`,
};

export type State = Record<string, string>;

/**
 * What a refused request must leave as it was: each table's row count and, for all but the market
 * history, an md5 of its rows (the ledger's balances live in ledger_accounts, so they are part of
 * it), read in one round trip once the mail worker has done what earlier requests left it.
 */
export async function stateSnapshots(
  t: Pick<TestApp, 'db' | 'ctx'>,
  options: { ignore?: string[] } = {},
): Promise<() => Promise<State>> {
  const tables = await t.db.execute<{ name: string }>(
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const parts = tables.rows
    .filter(({ name }) => !options.ignore?.includes(name))
    .map(({ name }) => {
      const id = `"${name}"`;
      const where = EXPECTED_ON_REJECTION[name] ? ` WHERE ${EXPECTED_ON_REJECTION[name]}` : '';
      const summed = SUMMED[name];
      if (summed) return `'${name}', (${summed})`;
      return COUNT_ONLY.has(name)
        ? `'${name}', (SELECT count(*)::text FROM ${id} x${where})`
        : `'${name}', (SELECT count(*) || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM ${id} x${where})`;
    });
  // A function takes at most 100 arguments: the tables go 40 at a time, the objects joined.
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += 40) {
    chunks.push(`jsonb_build_object(${parts.slice(i, i + 40).join(', ')})`);
  }
  const query = sql.raw(`SELECT ${chunks.join(' || ') || "'{}'::jsonb"} AS state`);
  return async () => {
    await t.ctx.mailer.idle();
    const state = (await t.db.execute<{ state: State }>(query)).rows[0]?.state;
    if (!state) throw new Error('no snapshot');
    return state;
  };
}

export function changedTables(before: State, after: State): string[] {
  return Object.keys(before).filter((table) => before[table] !== after[table]);
}
