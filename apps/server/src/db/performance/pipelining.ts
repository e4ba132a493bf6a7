import type pg from 'pg';

/** The pool's connections in pg's pipeline mode (a documented option of pg's Client), unless off. */
export function pooledConnectionOptions(pipelining: boolean): Pick<pg.ClientConfig, 'pipeline'> {
  return { pipeline: pipelining };
}

/**
 * Fewer round trips to PostgreSQL for the same statements. The pool's connections run in pg's
 * pipeline mode (`pipeline: true` on the pool): a statement is written as soon as it is issued,
 * without waiting for the answer to the one before; each still gets its own answer (or error), in
 * order. Code that awaits each statement behaves as before. On top of that, per connection:
 *
 * - **BEGIN goes with the transaction's first statement.** It is answered at once, and its real
 *   answer is awaited together with the next statement's, whose promise fails if BEGIN failed.
 *   Only the exact text Drizzle sends for a plain transaction is deferred: that BEGIN fails only
 *   with its connection, and then so does everything written behind it.
 * - **What is issued in one turn goes out in one write.** Statements issued before the turn's
 *   promise jobs have all run are written to the socket together, so the database's process is
 *   woken once for them (a wake-up across the machine's cores is most of a round trip's cost).
 *
 * Measured with the same server switching this on and off every 25 money cycles (bench/RESULTS.md
 * 2026-11-26 23:05): money requests per second +4 to +6 %, CPU per request -3 to -5 %.
 * Switch: PERFORMANCE_OFF=pipelining.
 *
 * A statement issued without awaiting it before COMMIT (runIdempotent's stored answer) is safe in
 * a transaction only because an error aborts the transaction, so COMMIT rolls it back: whoever
 * issues one must await it before treating the transaction as committed.
 */
export function pipelineOf(client: pg.PoolClient): void {
  const connection = (client as unknown as { connection: { stream: Corkable } }).connection;
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  /** BEGIN's real answer, until the statement written behind it takes it over. */
  let begun: Promise<unknown> | undefined;
  let corked = false;

  function writeWithTurn(): void {
    const stream = connection.stream;
    if (corked || typeof stream.cork !== 'function') return;
    corked = true;
    stream.cork();
    // process.nextTick's queue runs after the promise jobs queued now (and those they queue).
    process.nextTick(() => {
      corked = false;
      stream.uncork();
    });
  }

  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    ...rest: unknown[]
  ) => {
    writeWithTurn();
    const promiseStyle = !rest.some((arg) => typeof arg === 'function');
    if (promiseStyle && isPlainBegin(config, rest[0])) {
      const answer = original(config, ...rest) as Promise<unknown>;
      answer.catch(() => {}); // reported with the statement behind it
      begun = answer;
      return Promise.resolve(BEGUN);
    }
    const result = original(config, ...rest);
    const before = begun;
    begun = undefined;
    if (before === undefined || !promiseStyle) return result;
    return Promise.all([before, result]).then(([, answer]) => answer);
  };
}

interface Corkable {
  cork: () => void;
  uncork: () => void;
}

/** What BEGIN answers (pg's result of a command without rows). */
const BEGUN = Object.freeze({ command: 'BEGIN', rowCount: null, oid: 0, rows: [], fields: [] });

/** Drizzle's BEGIN for a transaction without options, with no values. */
function isPlainBegin(config: unknown, values: unknown): boolean {
  const text =
    typeof config === 'string'
      ? config
      : config !== null && typeof config === 'object' && 'text' in config
        ? config.text
        : undefined;
  if (typeof text !== 'string' || !PLAIN_BEGIN.test(text)) return false;
  return values === undefined || (Array.isArray(values) && values.length === 0);
}

/** Tested against every statement's text: fails at its first letter, without copying the text. */
const PLAIN_BEGIN = /^\s*begin\s*$/i;
