import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * Column shapes the modules' typed table mirrors (`*.schema.ts`) share; the SQL migrations stay the
 * source of truth.
 */

/** `id uuid PRIMARY KEY DEFAULT uuid_v7()`, the key of every table keyed by a generated id. */
export const uuidV7Id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`);

/** A `timestamptz` column, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
