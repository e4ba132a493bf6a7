import { sql, type SQL } from 'drizzle-orm';

/**
 * Rows whose `xid` column (an xid8 kept by a trigger: the transaction that last changed what it
 * stands for) was written by a transaction the snapshot `since` (an earlier statement's
 * pg_current_snapshot()) did not see: an index range over the recent changes, exact when a
 * transaction that began earlier commits later (migrations 0060, 0067). `since` null: every row.
 */
export function unseenBy(xid: SQL, since: string | null): SQL {
  if (since === null) return sql`true`;
  return sql`(${xid} >= pg_snapshot_xmin(${since}::pg_snapshot)
    AND NOT pg_visible_in_snapshot(${xid}, ${since}::pg_snapshot))`;
}
