import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { CopyingDay, KeptOutcomes } from '../domain/strategy-record';

/**
 * What a strategy's page states of its copies, as migration 0066's triggers keep it (and 0073's,
 * which book each funds change on its own day): never a read of every copy. The copying chart's
 * day changes (one row per UTC day that had one) and what copiers earned (one row, and two index
 * entries of closed copies per quartile).
 */

/** Each UTC day's change of the strategy's open real copies and their units, oldest first. */
export async function copyingDays(db: DbOrTx, strategyId: string): Promise<CopyingDay[]> {
  const result = await db.execute<{ day: string; copiers: number; units: string }>(
    copyingDaysQuery(strategyId),
  );
  return result.rows.map((r) => ({
    day: Date.parse(`${r.day}T00:00:00Z`),
    copiers: Number(r.copiers),
    units: r.units,
  }));
}

/** copyingDays' statement (its plan is checked in copier-record.test.ts). */
export function copyingDaysQuery(strategyId: string): SQL {
  return sql`SELECT day::text, copiers, units::text FROM copying_days
    WHERE strategy_id = ${strategyId} ORDER BY day`;
}

/**
 * The kept counts, and per quartile the closed copy at its marker and the next one in the order of
 * their returns (trades_closed_returns: an index range from the marker, two entries).
 */
export async function keptOutcomes(db: DbOrTx, strategyId: string): Promise<KeptOutcomes> {
  const result = await db.execute<{
    opened: number;
    closed: number;
    profitable: number;
    slot: string | null;
    amount_cents: string | null;
    payout_cents: string | null;
  }>(keptOutcomesQuery(strategyId));
  const first = result.rows[0];
  if (!first) return { opened: 0, closed: 0, profitable: 0, atRanks: [] };
  const atRanks: { amountCents: bigint; payoutCents: bigint }[][] = [[], [], []];
  for (const row of result.rows) {
    if (row.slot === null || row.amount_cents === null || row.payout_cents === null) continue;
    atRanks[Number(row.slot) - 1]?.push({
      amountCents: BigInt(row.amount_cents),
      payoutCents: BigInt(row.payout_cents),
    });
  }
  return {
    opened: Number(first.opened),
    closed: Number(first.closed),
    profitable: Number(first.profitable),
    atRanks,
  };
}

/** keptOutcomes' statement (its plan is checked in copier-record.test.ts). */
export function keptOutcomesQuery(strategyId: string): SQL {
  return sql`
    SELECT o.opened, o.closed, o.profitable, m.slot::text, c.amount_cents::text,
           c.payout_cents::text
    FROM copier_outcomes o
    LEFT JOIN LATERAL unnest(o.marker_keys, o.marker_ids) WITH ORDINALITY AS m(key, id, slot)
      ON m.key IS NOT NULL
    LEFT JOIN LATERAL (
      SELECT t.amount_cents, t.payout_cents, copy_return_key(t.payout_cents, t.amount_cents) AS key,
             t.id
      FROM trades t
      WHERE t.strategy_id = o.strategy_id AND t.book = 'real'
        AND t.payout_cents IS NOT NULL AND t.amount_cents > 0
        AND (copy_return_key(t.payout_cents, t.amount_cents), t.id) >= (m.key, m.id)
      ORDER BY copy_return_key(t.payout_cents, t.amount_cents), t.id
      LIMIT 2
    ) c ON true
    WHERE o.strategy_id = ${strategyId}
    ORDER BY m.slot, c.key, c.id`;
}
