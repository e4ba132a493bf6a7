import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './handles';

/**
 * Many rows inserted by one statement with one parameter, the rows as JSON
 * (`INSERT … SELECT … FROM json_to_recordset($1)`), for set-based writes of hundreds of rows.
 *
 * Drizzle's `insert(…).values(rows)` builds one placeholder per value and checks each as it goes:
 * building the 500 credit transactions of a stop-loss batch took ~70 ms of CPU, its 500 alerts ~20
 * ms, for statements PostgreSQL then ran in ~15 ms (bench/RESULTS.md, issue 43: the cascade). Here
 * the rows become one JSON text (values converted by each column's own driver mapping) and the
 * returned rows are mapped back by each column's own result mapping, as Drizzle maps them: the
 * same rows in, the same typed rows out. A column left out (or `undefined`) takes its default, as
 * with Drizzle: rows that leave out different columns are inserted by one statement per shape.
 *
 * Columns of a type not listed in JSON_TYPES (arrays, custom types) are inserted the Drizzle way.
 */
export async function insertRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: { onConflictDoNothing?: PgColumn; returning?: boolean } = {},
): Promise<T['$inferSelect'][]> {
  if (rows.length === 0) return [];
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const byShape = new Map<string, [string, PgColumn][]>();
  const shapeOf = (row: Record<string, unknown>) => {
    const present = columns.filter(([key]) => row[key] !== undefined);
    const shape = present.map(([key]) => key).join(',');
    if (!byShape.has(shape)) byShape.set(shape, present);
    return shape;
  };
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows as readonly Record<string, unknown>[]) {
    const shape = shapeOf(row);
    groups.set(shape, [...(groups.get(shape) ?? []), row]);
  }
  const inserted: T['$inferSelect'][] = [];
  for (const [shape, group] of groups) {
    const present = byShape.get(shape) ?? [];
    if (present.length === 0 || present.some(([, column]) => !JSON_TYPES.has(column.columnType))) {
      const values = db.insert(table).values(group as T['$inferInsert'][]);
      const conflict = options.onConflictDoNothing
        ? values.onConflictDoNothing({ target: options.onConflictDoNothing })
        : values;
      if (options.returning)
        inserted.push(...((await conflict.returning()) as T['$inferSelect'][]));
      else await conflict;
      continue;
    }
    inserted.push(...(await insertGroup(db, table, columns, present, group, options)));
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

async function insertGroup<T extends PgTable>(
  db: DbOrTx,
  table: T,
  columns: [string, PgColumn][],
  present: [string, PgColumn][],
  group: Record<string, unknown>[],
  options: { onConflictDoNothing?: PgColumn; returning?: boolean },
): Promise<T['$inferSelect'][]> {
  const json = JSON.stringify(
    group.map((row) =>
      Object.fromEntries(present.map(([key, column]) => [column.name, toJson(column, row[key])])),
    ),
  );
  const names = sql.raw(present.map(([, column]) => `"${column.name}"`).join(', '));
  const definitions = sql.raw(
    present.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(', '),
  );
  const conflict: SQL = options.onConflictDoNothing
    ? sql` ON CONFLICT ("${sql.raw(options.onConflictDoNothing.name)}") DO NOTHING`
    : sql``;
  const returning: SQL = options.returning ? sql` RETURNING *` : sql``;
  const result = await db.execute<Record<string, unknown>>(sql`
    INSERT INTO ${sql.raw(`"${getTableName(table)}"`)} (${names})
    SELECT ${names} FROM json_to_recordset(${json}::json) AS r(${definitions})${conflict}${returning}`);
  if (!options.returning) return [];
  return result.rows.map(
    (raw) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = raw[column.name];
          return [
            key,
            value === null || value === undefined ? null : column.mapFromDriverValue(value),
          ];
        }),
      ) as T['$inferSelect'],
  );
}

/** A value as its column's driver takes it, in JSON: json/jsonb as the value itself. */
function toJson(column: PgColumn, value: unknown): unknown {
  if (value === null) return null;
  if (column.columnType === 'PgJson' || column.columnType === 'PgJsonb') return value;
  const driver: unknown = column.mapToDriverValue(value);
  return typeof driver === 'bigint' ? driver.toString() : driver;
}
