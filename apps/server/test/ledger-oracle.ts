import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';
import type { UserAccountKind } from '../src/modules/ledger/domain';
import type { UserBalances } from '../src/modules/ledger/ledger.repo';

/**
 * The dashboard figures read the slow, obvious way, straight from the accounts and postings: what
 * the server's one-statement summary and the totals kept by the posting trigger must equal.
 */

/** A user's account balances (0 for accounts not opened yet). */
export async function userBalances(db: DbOrTx, userId: string): Promise<UserBalances> {
  const result = await db.execute<{ kind: UserAccountKind; balance: string }>(sql`
    SELECT kind, balance FROM ledger_accounts WHERE user_id = ${userId}`);
  const balances: UserBalances = { available: 0n, withdrawal_hold: 0n, invested: 0n };
  for (const row of result.rows) balances[row.kind] = BigInt(row.balance);
  return balances;
}

/** The net change of the user's own accounts per entry kind, summed over all their postings. */
export async function userNetByEntryKind(db: DbOrTx, userId: string): Promise<Map<string, bigint>> {
  const result = await db.execute<{ kind: string; net: string }>(sql`
    SELECT e.kind, sum(p.amount)::text AS net
    FROM postings p
    JOIN ledger_accounts a ON a.id = p.account_id
    JOIN journal_entries e ON e.id = p.entry_id
    WHERE a.user_id = ${userId}
    GROUP BY e.kind`);
  return new Map(result.rows.map((row) => [row.kind, BigInt(row.net)]));
}
