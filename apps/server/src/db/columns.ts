import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * The column types the migrations use again and again, for the modules' typed mirrors
 * (`*.schema.ts`): one spelling each, so a mirror reads as its SQL does. The SQL migrations stay
 * the source of truth.
 */

/** `timestamptz`, read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `id uuid PRIMARY KEY DEFAULT uuid_v7()`: a time-ordered key the database makes. */
export const uuidV7Key = () =>
  uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`);
