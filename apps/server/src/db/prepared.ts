/**
 * One prepared query per database handle, built on first use and then only executed: Drizzle
 * does not rebuild the SQL on every request, and with a statement name each pooled connection
 * parses and plans it once. Keyed weakly, so a test's closed handle does not keep its queries.
 */
export function preparedPer<D extends object, P>(build: (db: D) => P): (db: D) => P {
  const byHandle = new WeakMap<D, P>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
