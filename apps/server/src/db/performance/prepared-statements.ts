import crypto from 'node:crypto';
import type pg from 'pg';

/**
 * Each pooled connection parses and plans a statement once, then only binds and executes it: every
 * query with parameters goes as a named prepared statement, named by a digest of its text. Without
 * a name, PostgreSQL parsed, analysed and planned every statement of every request again, and the
 * whole text (a Drizzle insert with RETURNING is 1-2 KB) crossed the socket each time.
 * Justified by bench/RESULTS.md 2026-11-26 07:20: an invest's three reads 0.85-1.31 ms unnamed
 * against 0.23 ms named (pgbench -M extended vs -M prepared), money CPU per request -7 to -18 %.
 * Switch: PERFORMANCE_OFF=prepared-statements.
 *
 * Statements without parameters keep the simple protocol (several statements in one text, as the
 * migrations send, stay allowed there). A connection names at most `MAX_PER_CONNECTION` distinct
 * texts (statements built with a varying number of parameters must not grow a backend's memory
 * without bound); past that, further texts run unnamed as before.
 */
export const MAX_PER_CONNECTION = 300;

/** The statement name of a text: `s_` and 24 characters of its SHA-1 (the same text, the same name). */
export function statementName(text: string): string {
  return `s_${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
}

/**
 * The names of the texts one pool has sent, remembered so a text is digested once. One per pool
 * (so per app instance: each builds its own pool), shared by the pool's connections.
 */
export interface StatementNames {
  nameOf: (text: string) => string;
}

export function createStatementNames(): StatementNames {
  const namesByText = new Map<string, string>();
  return {
    nameOf(text) {
      let name = namesByText.get(text);
      if (name === undefined) {
        name = statementName(text);
        // The texts the product sends are few; a bound keeps an unusual caller from growing it.
        if (namesByText.size < 10 * MAX_PER_CONNECTION) namesByText.set(text, name);
      }
      return name;
    },
  };
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

/**
 * Makes `client` send its parameterised statements as named prepared statements (see above), by
 * wrapping its public `query` (the driver's internals are left alone).
 */
export function prepareStatementsOf(
  client: pg.Client | pg.PoolClient,
  names: StatementNames = createStatementNames(),
): void {
  const named = new Set<string>();
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const withName = (config: QueryConfigLike, values: unknown): QueryConfigLike => {
    const params = values ?? config.values;
    if (
      typeof config.text !== 'string' ||
      config.name !== undefined ||
      !Array.isArray(params) ||
      params.length === 0
    ) {
      return config;
    }
    const name = names.nameOf(config.text);
    if (!named.has(name)) {
      if (named.size >= MAX_PER_CONNECTION) return config;
      named.add(name);
    }
    return { ...config, name };
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    ...rest: unknown[]
  ) => {
    if (config !== null && typeof config === 'object' && !('submit' in config)) {
      return original(withName(config, rest[0]), ...rest);
    }
    if (typeof config === 'string' && Array.isArray(rest[0]) && rest[0].length > 0) {
      return original(withName({ text: config }, rest[0]), ...rest);
    }
    return original(config, ...rest);
  };
}
