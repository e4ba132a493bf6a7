import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './handles';

/**
 * Many rows inserted by one statement with one parameter, the rows as JSON
 * (`INSERT … SELECT … FROM json_to_recordset($1)`), for set-based writes of hundreds of rows.
 *
 * Drizzle's `insert(…).values(rows)` builds one placeholder per value and checks each as it goes:
 * building the 500 credit transactions of a stop-loss batch took ~70 ms of CPU, its 500 alerts ~20
 * ms, for statements PostgreSQL then ran in ~15 ms (issue 43, measured with
 * bench/cascade-profile.ts). Here the rows become one JSON text (each value converted by its
 * column's own driver mapping) and the columns asked for (`returning`) come back mapped by each
 * column's own result mapping, as Drizzle maps them: the same rows in, the same typed rows out
 * (insert-rows.test.ts). A column left out (or `undefined`) takes its default, as with Drizzle:
 * rows that leave out different columns are inserted by one statement per shape. Columns of a
 * type not listed in JSON_TYPES (arrays, custom types) are inserted the Drizzle way.
 */
export async function insertRows<
  T extends PgTable,
  K extends keyof T['$inferSelect'] & string = never,
>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: { onConflictDoNothing?: PgColumn; returning?: readonly K[] } = {},
): Promise<Pick<T['$inferSelect'], K>[]> {
  if (rows.length === 0) return [];
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const returned = columns.filter(([key]) => options.returning?.includes(key as K));
  const groups = groupByShape(columns, rows);
  const inserted: Pick<T['$inferSelect'], K>[] = [];
  for (const { present, rows: group } of groups.values()) {
    if (present.length === 0 || present.some(([, column]) => !JSON_TYPES.has(column.columnType))) {
      const values = db.insert(table).values(group as T['$inferInsert'][]);
      const conflict = options.onConflictDoNothing
        ? values.onConflictDoNothing({ target: options.onConflictDoNothing })
        : values;
      if (returned.length > 0) {
        const fields = Object.fromEntries(returned);
        inserted.push(...((await conflict.returning(fields)) as Pick<T['$inferSelect'], K>[]));
      } else await conflict;
      continue;
    }
    inserted.push(
      ...(await insertGroup<Pick<T['$inferSelect'], K>>(
        db,
        table,
        present,
        returned,
        group,
        options,
      )),
    );
  }
  return inserted;
}

/** Column types whose driver value travels as a JSON value and back as pg gives it. */
const JSON_TYPES = new Set([
  'PgUUID',
  'PgText',
  'PgVarchar',
  'PgChar',
  'PgBigInt53',
  'PgBigInt64',
  'PgInteger',
  'PgSmallInt',
  'PgNumeric',
  'PgBoolean',
  'PgTimestamp',
  'PgTimestampString',
  'PgJson',
  'PgJsonb',
]);

/**
 * The rows by the columns they give (a column left out or `undefined` takes its default). The
 * rows of a batch nearly always share one shape: each row is first held to the previous row's,
 * without building its key.
 */
function groupByShape(columns: [string, PgColumn][], rows: readonly Record<string, unknown>[]) {
  const groups = new Map<
    string,
    { present: [string, PgColumn][]; rows: Record<string, unknown>[] }
  >();
  let last: { present: [string, PgColumn][]; rows: Record<string, unknown>[] } | undefined;
  for (const row of rows) {
    if (last && sameShape(columns, last.present, row)) {
      last.rows.push(row);
      continue;
    }
    const present = columns.filter(([key]) => row[key] !== undefined);
    const shape = present.map(([key]) => key).join(',');
    last = groups.get(shape);
    if (last) last.rows.push(row);
    else groups.set(shape, (last = { present, rows: [row] }));
  }
  return groups;
}

/** Whether `row` gives exactly the columns of `present` (which lists them in table order). */
function sameShape(
  columns: [string, PgColumn][],
  present: [string, PgColumn][],
  row: Record<string, unknown>,
): boolean {
  let next = 0;
  for (const [key] of columns) {
    const given = row[key] !== undefined;
    if (given !== (present[next]?.[0] === key)) return false;
    if (given) next += 1;
  }
  return true;
}

async function insertGroup<Row>(
  db: DbOrTx,
  table: PgTable,
  present: [string, PgColumn][],
  returned: [string, PgColumn][],
  group: Record<string, unknown>[],
  options: { onConflictDoNothing?: PgColumn },
): Promise<Row[]> {
  const { shared, perRow } = splitShared(present, group);
  const json = JSON.stringify(jsonRows(perRow, group));
  const quoted = (of: [string, PgColumn][]) =>
    sql.raw(of.map(([, column]) => `"${column.name}"`).join(', '));
  const definitions = sql.raw(
    perRow.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(', '),
  );
  const [first = {}] = group;
  const values = sql.join(
    present.map(([key, column]) =>
      shared.has(key)
        ? sql`${sharedValue(column, first[key])}::${sql.raw(column.getSQLType())}`
        : sql.raw(`r."${column.name}"`),
    ),
    sql`, `,
  );
  const conflict: SQL = options.onConflictDoNothing
    ? sql` ON CONFLICT ("${sql.raw(options.onConflictDoNothing.name)}") DO NOTHING`
    : sql``;
  const returning: SQL = returned.length > 0 ? sql` RETURNING ${quoted(returned)}` : sql``;
  const result = await db.execute<Record<string, unknown>>(sql`
    INSERT INTO ${sql.raw(`"${getTableName(table)}"`)} (${quoted(present)})
    SELECT ${values} FROM json_to_recordset(${json}::json) AS r(${definitions})${conflict}${returning}`);
  return result.rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of returned) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as Row;
  });
}

/**
 * The columns whose value every row of the group shares (===: a batch's one time, status, kind,
 * book), sent once each as a parameter, and the others, sent in each row's JSON: a cascade's
 * credit transactions share 7 of their 12 columns, and the JSON a 10,000-copy cascade builds,
 * sends and parses for them went from 5.1 to 3.2 MB (its alerts': 2.4 to 1.7). A single row (or
 * a group sharing everything) keeps one column in its JSON, which json_to_recordset needs.
 */
function splitShared(present: [string, PgColumn][], group: Record<string, unknown>[]) {
  const shared = new Set<string>();
  const [first] = group;
  if (!first || group.length < 2) return { shared, perRow: present };
  for (const [key] of present) {
    const value = first[key];
    if (group.every((row) => row[key] === value)) shared.add(key);
  }
  if (shared.size === present.length) shared.delete(present[0]?.[0] ?? '');
  return { shared, perRow: present.filter(([key]) => !shared.has(key)) };
}

/** A shared column's value as one parameter: its driver value, json/jsonb as JSON text. */
function sharedValue(column: PgColumn, value: unknown): unknown {
  const json = toJson(column, value);
  if (json === null) return null;
  return column.columnType === 'PgJson' || column.columnType === 'PgJsonb'
    ? JSON.stringify(json)
    : json;
}

/**
 * The rows as JSON objects keyed by column name, each value as its column's driver takes it:
 * built with plain loops, and a value the same (===) as the row before's in that column (the
 * batch's one timestamp, its status) converted once.
 */
function jsonRows(present: [string, PgColumn][], group: Record<string, unknown>[]) {
  const columns = present.map(
    ([key, column]): { key: string; column: PgColumn; last: unknown; json: unknown } => ({
      key,
      column,
      last: undefined,
      json: undefined,
    }),
  );
  return group.map((row) => {
    const out: Record<string, unknown> = {};
    for (const one of columns) {
      const value = row[one.key];
      if (value !== one.last || one.json === undefined) {
        one.last = value;
        one.json = toJson(one.column, value);
      }
      out[one.column.name] = one.json;
    }
    return out;
  });
}

/** A value as its column's driver takes it, in JSON: json/jsonb as the value itself. */
function toJson(column: PgColumn, value: unknown): unknown {
  if (value === null) return null;
  if (column.columnType === 'PgJson' || column.columnType === 'PgJsonb') return value;
  const driver: unknown = column.mapToDriverValue(value);
  return typeof driver === 'bigint' ? driver.toString() : driver;
}
