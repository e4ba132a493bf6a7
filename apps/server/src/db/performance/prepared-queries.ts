/**
 * One prepared query per pooled connection, built on first use and then only executed: Drizzle
 * does not rebuild the SQL for every request, and with a statement name each connection parses
 * and plans it once. Building is most of what Drizzle costs: 439 us of a money request's ~2,250
 * us of server CPU went to building its statements under load (an insert of a transaction with
 * RETURNING 133 us each), bench/RESULTS.md 2026-11-26 13:41: a money request's server CPU fell by
 * 220-380 us (10-17 %) once the most-built statements were kept this way.
 * Switch: PERFORMANCE_OFF=prepared-statements (a pool built with it off builds every time).
 *
 * Keyed by the connection the handle runs on, not by the handle: a transaction is a new handle
 * each time, on one of the pool's few connections, so a query built for a transaction's
 * connection serves every later transaction on it (it runs on that connection, which only the
 * transaction holding it uses). A handle outside a transaction runs on the pool and is its own
 * key. Keyed weakly, so a closed pool's or a dropped connection's queries go with it.
 */
export function preparedPer<D extends object, P>(build: (db: D) => P): (db: D) => P {
  const byConnection = new WeakMap<object, P>();
  return (db) => {
    const connection = connectionOf(db);
    if (unprepared.has(connection) || unprepared.has(poolOf(db))) return build(db);
    let prepared = byConnection.get(connection);
    if (prepared === undefined) {
      prepared = build(db);
      byConnection.set(connection, prepared);
    }
    return prepared;
  };
}

/**
 * The pooled connection a transaction's handle runs on (Drizzle's node-postgres session keeps
 * it as `client`), or the handle itself for one on the pool.
 */
export function connectionOf(db: object): object {
  const session = (db as { session?: { client?: unknown } }).session;
  const client = session?.client;
  // A checked-out connection has `release`; the pool has not (its handle is its own key).
  return typeof client === 'object' && client !== null && 'release' in client ? client : db;
}

/** Pools (and their connections) built with prepared statements switched off. */
const unprepared = new WeakSet<object>();

/** Every query prepared through `preparedPer` on `poolOrConnection` is built afresh each time. */
export function buildEveryTime(poolOrConnection: object): void {
  unprepared.add(poolOrConnection);
}

/** The pool a handle outside a transaction runs on (Drizzle keeps it as its session's client). */
function poolOf(db: object): object {
  const client = (db as { session?: { client?: unknown } }).session?.client;
  return typeof client === 'object' && client !== null ? client : db;
}
