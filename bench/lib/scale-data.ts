/**
 * The `scale` phase's data set (issue 43), built by set-based SQL into a migrated, seeded database
 * of its own: users, strategies with their positions and a year of NAV history, open copies spread
 * unevenly, and their transactions with the ledger entries that book them.
 *
 * The ledger's bulk path: journal entries, postings, balances and per-user totals are written in
 * one statement per chunk with `ledger.posting` on for the transaction, as `ledger_post_entry`
 * writes them (entries balanced, balances += the chunk's postings, totals += the users' net per
 * kind). The database's refusals of any other write stay on; the ledger audit
 * (apps/server/src/modules/ledger/ledger.audit.ts) runs on the result.
 *
 * Shape (full size; `--quick` one tenth; the small set of the same run: 1,000 users, 100
 * strategies, 10,000 copies, 100,000 transactions):
 * - every user holds exactly COPIES_PER_USER open copies, each of a different strategy's plan;
 * - strategy 0 (the "whale") is copied by every user (a tenth of all copies), all in BNB, which
 *   nobody else holds: a BNB crash crosses its stops alone;
 * - strategy 1 (the "tenth") is copied by a tenth of the users, all in XRP, held by nobody else;
 * - the others are copied unevenly (a cube law within nine bands: a few have thousands, many
 *   a handful, some none), in BTC, ETH or SOL; one in 33 holds all three;
 * - NAV history: the whale a point per minute for a year (what the product keeps today), the
 *   others a point per hour for a year (a minute per strategy for a year at 10,000 strategies
 *   would be 5 billion rows);
 * - transactions: one trade_open per copy, the rest approved deposits spread over the year (each
 *   user's deposits cover their copies several times over).
 * Every copy sits at NAV 1 with its stop-loss at least 10 % below and its take-profit (when set)
 * at least 50 % above: no copy crosses at the scripted market's start prices.
 */
import pg from 'pg';
import { SCRIPTED_START_PRICES } from '../../apps/server/src/modules/market/adapters/scripted';

export interface ScaleShape {
  users: number;
  strategies: number;
  copies: number;
  transactions: number;
}

export const COPIES_PER_USER = 10;

/** The small platform the scale figures are measured against (the same in both modes). */
export const SMALL_SCALE: ScaleShape = {
  users: 1_000,
  strategies: 100,
  copies: 10_000,
  transactions: 100_000,
};

export interface ScaleData {
  shape: ScaleShape;
  /** Strategy 0 (every user copies it) and strategy 1 (a tenth of the users). */
  whale: { strategyId: string; copies: number };
  tenth: { strategyId: string; copies: number };
  /** A user with COPIES_PER_USER open copies and a signed-in session. */
  investor: { id: string; sid: string };
  buildSeconds: number;
  /** The database's size on disk after the build, in bytes. */
  bytes: number;
  rows: Record<string, number>;
}

/** Rows per statement: big enough to be set-based, small enough to keep each transaction short. */
const CHUNK = 500_000;
const YEAR_MINUTES = 525_600;
const YEAR_HOURS = 8_760;

export async function buildScaleData(
  databaseUrl: string,
  shape: ScaleShape,
  log: (line: string) => void,
): Promise<ScaleData> {
  if (shape.copies !== shape.users * COPIES_PER_USER) throw new Error('copies = users x 10');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  const step = async (name: string, text: string, values: unknown[] = []) => {
    const t0 = performance.now();
    const result = await client.query(text, values);
    // A booking statement answers its counts in one row; the others say how many rows they wrote.
    const rows =
      result.command === 'SELECT' ? JSON.stringify(result.rows[0]) : `${result.rowCount ?? 0} rows`;
    log(`    ${name}: ${rows} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return result;
  };
  try {
    await client.query('SET synchronous_commit = off');
    await users(step, shape);
    await strategies(step, shape);
    await navHistory(step, shape);
    await ledgerAccounts(step);
    await deposits(client, step, shape);
    await copies(client, step, shape);
    await step('vacuum analyze', 'VACUUM (ANALYZE)');
    await client.query('CHECKPOINT');
    const buildSeconds = (performance.now() - started) / 1000;
    return {
      shape,
      whale: await strategyOf(client, 0),
      tenth: await strategyOf(client, 1),
      investor: await investorSession(client),
      buildSeconds,
      bytes: Number(
        (await client.query<{ b: string }>('SELECT pg_database_size(current_database()) AS b'))
          .rows[0]?.b,
      ),
      rows: await rowCounts(client),
    };
  } finally {
    await client.end();
  }
}

type Step = (name: string, text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** Users `scale<i>`, active and verified; nobody can sign in with a password (placeholder hash). */
async function users(step: Step, shape: ScaleShape) {
  await step(
    'users',
    `INSERT INTO users (email, name, phone, country, referral_id, password_hash,
                        email_verified_at, is_active, activated_at, created_at)
     SELECT 'scale' || i || '@bench.local', 'Scale User ' || i, '+44 20 7946 0000', 'United Kingdom',
            'scale' || i || 'r', '$argon2id$bench-placeholder', now(), true, now(),
            now() - interval '400 days'
     FROM generate_series(0, $1::int - 1) AS i`,
    [shape.users],
  );
}

/**
 * Strategies `Scale strategy <i>` at NAV 1 with their positions (quantities per unit at the
 * scripted start prices, cash the exact remainder), and one plan each.
 */
async function strategies(step: Step, shape: ScaleShape) {
  const price = (symbol: keyof typeof SCRIPTED_START_PRICES) => SCRIPTED_START_PRICES[symbol];
  await step(
    'strategies',
    `CREATE TEMP TABLE scale_strategies AS
     SELECT i, gen_random_uuid() AS id FROM generate_series(0, $1::int - 1) AS i;
     CREATE UNIQUE INDEX ON scale_strategies (i);`.replace(/\$1::int/g, String(shape.strategies)),
  );
  // Weight per symbol of each strategy: whale BNB, tenth XRP, 1 in 33 BTC+ETH+SOL, else one of them.
  await step(
    'strategy weights',
    `CREATE TEMP TABLE scale_weights AS
     SELECT s.i, s.id, w.symbol, w.weight,
            round(w.weight / p.price, 18) AS quantity, p.price
     FROM scale_strategies s
     CROSS JOIN LATERAL (
       SELECT 'BNBUSDT' AS symbol, 1.0 AS weight WHERE s.i = 0
       UNION ALL SELECT 'XRPUSDT', 1.0 WHERE s.i = 1
       UNION ALL SELECT sym, 0.3 FROM unnest(ARRAY['BTCUSDT', 'ETHUSDT', 'SOLUSDT']) AS sym
         WHERE s.i > 1 AND s.i % 33 = 2
       UNION ALL SELECT (ARRAY['BTCUSDT', 'ETHUSDT', 'SOLUSDT'])[1 + s.i % 3], 0.5 + (s.i % 6) / 10.0
         WHERE s.i > 1 AND s.i % 33 <> 2
     ) AS w
     JOIN (VALUES ('BTCUSDT', $1::numeric), ('ETHUSDT', $2::numeric), ('SOLUSDT', $3::numeric),
                  ('BNBUSDT', $4::numeric), ('XRPUSDT', $5::numeric)) AS p(symbol, price)
       ON p.symbol = w.symbol`,
    [price('BTCUSDT'), price('ETHUSDT'), price('SOLUSDT'), price('BNBUSDT'), price('XRPUSDT')],
  );
  await step(
    'strategies',
    `INSERT INTO strategies (id, name, description, cash_per_unit, nav, nav_at, created_at,
                             performance_fee_pct)
     SELECT s.id, 'Scale strategy ' || s.i, 'Bench strategy ' || s.i,
            1 - (SELECT sum(w.quantity * w.price) FROM scale_weights w WHERE w.i = s.i),
            1, now(), now() - interval '366 days', 20
     FROM scale_strategies s`,
  );
  await step(
    'strategy positions',
    `INSERT INTO strategy_positions (strategy_id, symbol, side, quantity_per_unit, entry_price)
     SELECT id, symbol, 'long', quantity, price FROM scale_weights`,
  );
  await step(
    'plans',
    `INSERT INTO plans (title, min_cents, max_cents, term_days, performance_fee_pct, sort_order,
                        strategy_id, created_at)
     SELECT 'Scale plan ' || i, 10000, 100000000000, 3650, 20, 1000 + i, id, now() - interval '366 days'
     FROM scale_strategies`,
  );
}

/**
 * A year of NAV history: the whale one point a minute, the others one an hour, a slow wave
 * between 0.9 and 1.1 (exact NUMERIC, rounded to the product's 10 decimals) ending at 1.
 */
async function navHistory(step: Step, shape: ScaleShape) {
  const wave = (n: string, period: number) =>
    `round((1 + 0.1 * sin((${n})::float8 / ${period} + s.i) - 0.1 * sin(s.i))::numeric, 10)`;
  await step(
    'nav history (whale, minutes)',
    `INSERT INTO nav_snapshots (strategy_id, at, nav)
     SELECT s.id, date_trunc('minute', now()) - make_interval(mins => m), ${wave('m', 20_000)}
     FROM scale_strategies s, generate_series(${YEAR_MINUTES}, 1, -1) AS m WHERE s.i = 0`,
  );
  const others = shape.strategies - 1;
  const per = Math.max(1, Math.floor(CHUNK / YEAR_HOURS));
  for (let first = 1; first <= others; first += per) {
    await step(
      `nav history (hours, strategies ${first}-${Math.min(others, first + per - 1)})`,
      `INSERT INTO nav_snapshots (strategy_id, at, nav)
       SELECT s.id, date_trunc('hour', now()) - make_interval(hours => h), ${wave('h', 333)}
       FROM scale_strategies s, generate_series(${YEAR_HOURS}, 1, -1) AS h
       WHERE s.i BETWEEN $1 AND $2
       -- In the primary key's order: each strategy's points go to the end of its part of the index.
       ORDER BY s.id, h DESC`,
      [first, Math.min(others, first + per - 1)],
    );
  }
}

/** Each user's available and invested accounts, opened at zero as the posting function opens them. */
async function ledgerAccounts(step: Step) {
  await step(
    'ledger accounts',
    `INSERT INTO ledger_accounts (code, kind, user_id)
     SELECT 'user:' || u.id || ':' || k.kind, k.kind, u.id
     FROM users u CROSS JOIN (VALUES ('available'), ('invested')) AS k(kind)
     WHERE u.email LIKE 'scale%@bench.local'
     ON CONFLICT DO NOTHING;
     INSERT INTO ledger_accounts (code, kind) VALUES ('platform:cash', 'cash')
     ON CONFLICT DO NOTHING;
     CREATE TEMP TABLE scale_users AS
       SELECT (regexp_match(u.email, '^scale(\\d+)@'))[1]::int AS i, u.id,
              av.id AS available_id, inv.id AS invested_id
       FROM users u
       JOIN ledger_accounts av ON av.user_id = u.id AND av.kind = 'available'
       JOIN ledger_accounts inv ON inv.user_id = u.id AND inv.kind = 'invested'
       WHERE u.email LIKE 'scale%@bench.local';
     CREATE UNIQUE INDEX ON scale_users (i);
     ANALYZE scale_users;`,
  );
}

/**
 * The chunk's transactions (from `source`, a SELECT of tx_id, user_i, kind, type, amount,
 * description, crypto, channel, at), their journal entries of `entryKind` (debit `from`, credit
 * `to`: 'cash', 'available' or 'invested'), postings, balances and user totals, in one statement.
 */
function bookedTransactions(source: string, entryKind: string, from: string, to: string) {
  const account = (which: string) =>
    which === 'cash'
      ? `(SELECT id FROM ledger_accounts WHERE code = 'platform:cash')`
      : `u.${which}_id`;
  return `
    WITH src AS MATERIALIZED (${source}),
    t AS (
      INSERT INTO transactions (id, transaction_id, user_id, kind, type, status, amount_cents,
                                description, crypto, channel, decided_at, created_at, updated_at)
      SELECT src.tx_id, src.tnx, u.id, src.kind, src.type, 'success', src.amount, src.description,
             src.crypto, src.channel, src.at, src.at, src.at
      FROM src JOIN scale_users u ON u.i = src.user_i
      RETURNING id),
    e AS (
      INSERT INTO journal_entries (kind, description, transaction_id, created_at)
      SELECT '${entryKind}', src.description, src.tx_id, src.at FROM src
      RETURNING id, transaction_id),
    p AS (
      INSERT INTO postings (entry_id, account_id, amount)
      SELECT e.id, x.account_id, x.amount
      FROM e JOIN src ON src.tx_id = e.transaction_id JOIN scale_users u ON u.i = src.user_i
      CROSS JOIN LATERAL (VALUES (${account(from)}, -src.amount), (${account(to)}, src.amount))
        AS x(account_id, amount)
      RETURNING account_id, amount),
    moved AS (SELECT account_id, sum(amount) AS amount FROM p GROUP BY account_id),
    b AS (
      UPDATE ledger_accounts a SET balance = a.balance + moved.amount
      FROM moved WHERE a.id = moved.account_id
      RETURNING a.id),
    totals AS (
      INSERT INTO ledger_user_totals (user_id, entry_kind, net)
      SELECT a.user_id, '${entryKind}', sum(moved.amount)
      FROM moved JOIN ledger_accounts a ON a.id = moved.account_id
      WHERE a.user_id IS NOT NULL GROUP BY a.user_id
      ON CONFLICT (user_id, entry_kind) DO UPDATE SET net = ledger_user_totals.net + excluded.net
      RETURNING 1)
    SELECT (SELECT count(*) FROM t) AS transactions, (SELECT count(*) FROM b) AS balances,
           (SELECT count(*) FROM totals) AS totals`;
}

/** TNX-<letter G..Z><5 hex digits> of row `n`: never one the hex-only bulk rows of list-scale use. */
const tnx = (n: string) =>
  `'TNX-' || chr(71 + (${n} >> 20)) || lpad(upper(to_hex(${n} & 1048575)), 5, '0')`;

async function inLedgerTransaction(client: pg.Client, work: () => Promise<unknown>) {
  await client.query('BEGIN');
  try {
    await client.query(`SELECT set_config('ledger.posting', 'on', true)`);
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/** Approved deposits (platform cash → the user's available), spread over the last year. */
async function deposits(client: pg.Client, step: Step, shape: ScaleShape) {
  const count = shape.transactions - shape.copies;
  for (let first = 0; first < count; first += CHUNK) {
    const last = Math.min(count, first + CHUNK) - 1;
    const source = `SELECT uuid_v7() AS tx_id, ${tnx('n')} AS tnx, n % ${shape.users} AS user_i,
        'deposit' AS kind, 'credit' AS type, (20000 + (n::bigint * 7919) % 30000) AS amount,
        'Deposit via Bitcoin' AS description, 'BTC' AS crypto, 'crypto' AS channel,
        now() - interval '365 days' + make_interval(secs => (n::float8 / ${count}) * 364 * 86400) AS at
      FROM generate_series(${first}, ${last}) AS n`;
    await inLedgerTransaction(client, () =>
      step(`deposits ${first}-${last}`, bookedTransactions(source, 'deposit', 'cash', 'available')),
    );
  }
}

/**
 * The open copies, each with its trade_open transaction and entry (available → invested). Copy c
 * is user c % U's (U users); its k = c / U picks the strategy: k 0 the whale, k 1 the tenth (a
 * tenth of the users) or band 1, k 2..9 band k, each band a ninth of strategies 2.. (a cube law
 * inside it: uneven). Amounts $1,000.00–$1,009.99; entry NAV 0.95–1.00; stop-loss 10–40 %;
 * take-profit 50–100 % on one copy in four; opened over the last year.
 */
async function copies(client: pg.Client, step: Step, shape: ScaleShape) {
  const U = shape.users;
  const band = Math.floor((shape.strategies - 2) / 9);
  await step(
    'copy plan',
    `CREATE TEMP TABLE scale_copies AS
     SELECT c, c % ${U} AS user_i,
            CASE WHEN c / ${U} = 0 THEN 0
                 WHEN c / ${U} = 1 AND c % ${U} < ${U / 10} THEN 1
                 ELSE 2 + (c / ${U} - 1) * ${band}
                      + floor(${band} * power((((c % ${U})::bigint * 2654435761 + (c / ${U}) * 40503) % 1000003)::float8 / 1000003, 3))::int
            END AS strategy_i,
            uuid_v7() AS trade_id, uuid_v7() AS tx_id,
            (100000 + c % 1000)::bigint AS amount,
            round(0.95 + (c % 51) / 1000.0, 10) AS entry_nav,
            10 + c % 31 AS stop_loss_pct,
            CASE WHEN c % 4 = 0 THEN 50 + c % 51 END AS take_profit_pct,
            now() - interval '364 days' + make_interval(secs => (c::float8 / ${shape.copies}) * 363 * 86400) AS at
     FROM generate_series(0, ${shape.copies - 1}) AS c;
     CREATE UNIQUE INDEX ON scale_copies (c);
     ANALYZE scale_copies;`,
  );
  const depositsCount = shape.transactions - shape.copies;
  for (let first = 0; first < shape.copies; first += CHUNK) {
    const last = Math.min(shape.copies, first + CHUNK) - 1;
    const range = `c BETWEEN ${first} AND ${last}`;
    await inLedgerTransaction(client, async () => {
      const source = `SELECT x.tx_id, ${tnx(`(${depositsCount} + c)`)} AS tnx, x.user_i,
          'trade_open' AS kind, 'withdraw' AS type, x.amount, 'Copy of Scale plan ' || x.strategy_i AS description,
          NULL AS crypto, NULL AS channel, x.at
        FROM scale_copies x WHERE ${range}`;
      await step(
        `copy payments ${first}-${last}`,
        bookedTransactions(source, 'trade.open', 'available', 'invested'),
      );
      await step(
        `copies ${first}-${last}`,
        `INSERT INTO trades (id, user_id, plan_id, strategy_id, amount_cents, units, entry_nav,
                             high_water_nav, performance_fee_pct, stop_loss_pct, take_profit_pct,
                             status, opened_at, closes_at, open_transaction_id)
         SELECT x.trade_id, u.id, p.id, s.id, x.amount, round(x.amount / 100.0 / x.entry_nav, 10),
                x.entry_nav, x.entry_nav, 20, x.stop_loss_pct, x.take_profit_pct, 'open', x.at,
                x.at + interval '3650 days', x.tx_id
         FROM scale_copies x
         JOIN scale_users u ON u.i = x.user_i
         JOIN scale_strategies s ON s.i = x.strategy_i
         JOIN plans p ON p.strategy_id = s.id
         WHERE ${range}`,
      );
    });
  }
}

async function strategyOf(client: pg.Client, i: number) {
  const result = await client.query<{ id: string; copies: string }>(
    `SELECT s.id, (SELECT count(*) FROM trades t WHERE t.strategy_id = s.id AND t.status = 'open') AS copies
     FROM scale_strategies s WHERE s.i = $1`,
    [i],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`no scale strategy ${i}`);
  return { strategyId: row.id, copies: Number(row.copies) };
}

/** User 7's session (`bt-<id>`, stored as the server stores a login's: sha256 of the token). */
async function investorSession(client: pg.Client) {
  const result = await client.query<{ id: string }>(
    `INSERT INTO sessions (token_hash, user_id, user_agent, ip, expires_at)
     SELECT sha256(convert_to('bt-' || id::text, 'UTF8')), id, 'bench', '127.0.0.1', now() + interval '12 hours'
     FROM scale_users WHERE i = 7
     RETURNING user_id AS id`,
  );
  const id = result.rows[0]?.id;
  if (!id) throw new Error('no scale investor');
  return { id, sid: `bt-${id}` };
}

async function rowCounts(client: pg.Client): Promise<Record<string, number>> {
  const tables = [
    'users',
    'strategies',
    'trades',
    'transactions',
    'journal_entries',
    'postings',
    'nav_snapshots',
  ];
  const result = await client.query<{ relname: string; n: string }>(
    `SELECT relname, n_live_tup::text AS n FROM pg_stat_user_tables WHERE relname = ANY($1)`,
    [tables],
  );
  return Object.fromEntries(result.rows.map((r) => [r.relname, Number(r.n)]));
}
