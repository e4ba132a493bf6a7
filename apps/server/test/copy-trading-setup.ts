import { sql } from 'drizzle-orm';
import { users, type UserRow } from '../src/db/schema';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../src/context';
import { depositApproved } from '../src/modules/ledger/domain';
import { postEntries } from '../src/modules/ledger/ledger.service';
import { insertTransactions } from '../src/modules/transactions/transactions.repo';
import { openTrade } from '../src/modules/copy-trading/copies/trades.service';
import { passAppropriatenessAll } from './appropriateness-helpers';

/**
 * Many funded, active investors at once, straight into the database (no sign-up and no password
 * hashing: thousands in seconds); each has one approved deposit of `cents`, booked as the admin's
 * approval books it.
 */
export async function bulkInvestors(ctx: AppContext, count: number, cents: bigint) {
  const tag = Math.random().toString(36).slice(2, 8);
  const inserted = await ctx.db.execute<{ id: string }>(sql`
    INSERT INTO users (email, name, phone, country, referral_id, password_hash, is_active, activated_at)
    SELECT 'bulk-' || ${tag} || '-' || n || '@example.com', 'Copier ' || n, '+44 20 7946 0000',
      'United Kingdom', 'B' || ${tag} || n, '$argon2id$not-a-login', true, now()
    FROM generate_series(1, ${count}::int) AS n
    RETURNING id`);
  const ids = inserted.rows.map((r) => r.id);
  await passAppropriatenessAll(ctx, ids);
  const now = ctx.clock.now();
  for (let from = 0; from < ids.length; from += 500) {
    const batch = ids.slice(from, from + 500);
    await ctx.db.transaction(async (tx) => {
      const rows = await insertTransactions(
        tx,
        batch.map((userId) => ({
          userId,
          kind: 'deposit',
          type: 'credit' as const,
          status: 'success' as const,
          amountCents: cents,
          description: 'Deposit via Bitcoin',
          crypto: 'Bitcoin',
          channel: 'crypto' as const,
          decidedAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      );
      await postEntries(
        tx,
        rows.map((row) => ({
          entry: depositApproved(row.userId, cents, `Deposit ${row.transactionId}`),
          meta: { transactionId: row.id, createdAt: now },
        })),
      );
    });
  }
  return ctx.db.select().from(users).where(inArray(users.id, ids));
}

/** Every investor opens a trade in the plan through the invest service, `parallel` at a time. */
export async function investAll(
  ctx: AppContext,
  investors: UserRow[],
  input: (i: number) => { planId: string; amount: number; stopLossPct?: number },
  parallel = 8,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < investors.length) {
        const i = next++;
        const investor = investors[i];
        if (!investor) return;
        const result = await openTrade(ctx, investor, input(i), undefined);
        if (result.status !== 201) throw new Error(`invest answered ${result.status}`);
      }
    }),
  );
}
