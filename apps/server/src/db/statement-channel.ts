import diagnostics from 'node:diagnostics_channel';
import { getTableName, is, Table } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, Tx } from './handles';

/**
 * What the server asks of the database, published on this diagnostics channel (Node's own
 * mechanism for instrumentation) synchronously, in the caller's stack, so a subscriber can tell
 * which code asked: the server test suite checks which module writes which table
 * (docs/architecture.md, "Table ownership"). With no subscriber (production) it costs one
 * property read per statement, and Drizzle handles are not wrapped at all.
 *
 * Published: the text of every statement given to `query` of a pool or connection (raw SQL; the
 * statements Drizzle sends come later, from its own frames), and for Drizzle, when a query is
 * built: the table of `insert`/`update`/`delete`, the table of `select().from`, and the text of
 * `execute`.
 */
export const STATEMENT_CHANNEL = 'nestrado:db:statement';

export type StatementMessage =
  { kind: 'text'; text: string } | { kind: 'write' | 'read'; table: string };

const channel = diagnostics.channel(STATEMENT_CHANNEL);

/**
 * Statements a pool published when it was asked: the pool hands the same object to one of its
 * connections later, from whatever code released that connection, whose stack says nothing of
 * who asked; the connection does not publish it again.
 */
const publishedByPool = new WeakSet<object>();

/** Publishes the text of each statement `client` (a pool, or a connection) is asked to run. */
export function publishStatementsOf(client: pg.Client | pg.PoolClient | pg.Pool): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const isPool = 'totalCount' in client;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    ...rest: unknown[]
  ) => {
    if (!channel.hasSubscribers) return original(config, ...rest);
    if (typeof config === 'object' && config !== null && publishedByPool.has(config)) {
      return original(config, ...rest);
    }
    const text = textOf(config);
    if (text === undefined) return original(config, ...rest);
    publish({ kind: 'text', text });
    if (!isPool) return original(config, ...rest);
    const marked = typeof config === 'string' ? { text: config } : (config as object);
    publishedByPool.add(marked);
    return original(marked, ...rest);
  };
}

function textOf(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (config !== null && typeof config === 'object' && 'text' in config) {
    return typeof config.text === 'string' ? config.text : undefined;
  }
  return undefined;
}

function publish(message: StatementMessage): void {
  channel.publish(message);
}

const WRITES = ['insert', 'update', 'delete'] as const;
const SELECTS = ['select', 'selectDistinct', 'selectDistinctOn'] as const;

/**
 * Publishes what `db`'s queries write and read as they are built (see above); its transactions'
 * handles too. Only while someone listens when it is called: production handles stay as they are.
 */
export function publishBuildsOf<D extends Db | Tx>(db: D): D {
  if (!channel.hasSubscribers) return db;
  const handle = db as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of WRITES) {
    const original = handle[method]?.bind(db);
    if (!original) continue;
    handle[method] = (table: unknown, ...rest: unknown[]) => {
      if (is(table, Table)) publish({ kind: 'write', table: getTableName(table) });
      return original(table, ...rest);
    };
  }
  for (const method of SELECTS) {
    const original = handle[method]?.bind(db);
    if (!original) continue;
    handle[method] = (...args: unknown[]) => {
      const builder = original(...args) as { from: (source: unknown) => unknown };
      const from = builder.from.bind(builder);
      builder.from = (source: unknown) => {
        if (is(source, Table)) publish({ kind: 'read', table: getTableName(source) });
        return from(source);
      };
      return builder;
    };
  }
  const execute = handle.execute?.bind(db);
  if (execute) {
    handle.execute = (query: unknown) => {
      const raw = execute(query) as { getQuery: () => { sql: string } };
      publish({ kind: 'text', text: raw.getQuery().sql });
      return raw;
    };
  }
  const transaction = handle.transaction?.bind(db);
  if (transaction) {
    handle.transaction = (work: unknown, ...rest: unknown[]) =>
      transaction((tx: Tx) => (work as (tx: Tx) => unknown)(publishBuildsOf(tx)), ...rest);
  }
  return db;
}
