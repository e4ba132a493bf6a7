import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { transactions } from '../../db/schema';
import { moneyApprovals, type MoneyApprovalRow } from './approvals.schema';

export type NewApproval = Pick<
  MoneyApprovalRow,
  'kind' | 'userId' | 'amountCents' | 'bucket' | 'reason' | 'transactionId' | 'requestedBy'
> &
  Partial<Pick<MoneyApprovalRow, 'settingKey' | 'settingValue' | 'settingFrom'>> & {
    requestedAt: Date;
  };

/** A new waiting approval; undefined when the same thing already has one waiting. */
export async function insertApproval(
  db: DbOrTx,
  values: NewApproval,
): Promise<MoneyApprovalRow | undefined> {
  const [row] = await db.insert(moneyApprovals).values(values).onConflictDoNothing().returning();
  return row;
}

/** The approval, locked until the caller's transaction ends (one decision at a time). */
export async function lockApproval(db: DbOrTx, id: string): Promise<MoneyApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(moneyApprovals)
    .where(eq(moneyApprovals.id, id))
    .for('update');
  return row;
}

export async function findPendingApprovalOfTransaction(
  db: DbOrTx,
  transactionId: string,
): Promise<MoneyApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(moneyApprovals)
    .where(
      and(
        eq(moneyApprovals.transactionId, transactionId),
        inArray(moneyApprovals.kind, ['withdrawal_payout', 'deposit_approval']),
        eq(moneyApprovals.status, 'pending'),
      ),
    );
  return row;
}

/** Moves a waiting approval to approved or rejected (the caller holds its lock). */
export async function decideApproval(
  db: DbOrTx,
  id: string,
  decision: {
    status: 'approved' | 'rejected';
    decidedBy: string;
    decidedAt: Date;
    rejectionReason?: string;
    transactionId?: string;
  },
): Promise<void> {
  await db
    .update(moneyApprovals)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: decision.decidedAt,
      rejectionReason: decision.rejectionReason ?? null,
      ...(decision.transactionId ? { transactionId: decision.transactionId } : {}),
    })
    .where(and(eq(moneyApprovals.id, id), eq(moneyApprovals.status, 'pending')));
}

const owner = alias(users, 'owner');
const maker = alias(users, 'maker');
const checker = alias(users, 'checker');

/** Approvals with the names of the people involved and the transaction's TNX id, newest first. */
export async function listApprovalViews(
  db: DbOrTx,
  filter: { status?: MoneyApprovalRow['status']; id?: string; limit: number },
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(moneyApprovals.status, filter.status));
  if (filter.id) conditions.push(eq(moneyApprovals.id, filter.id));
  return db
    .select({
      row: moneyApprovals,
      user: { id: owner.id, name: owner.name, email: owner.email },
      requestedBy: { id: maker.id, name: maker.name, email: maker.email },
      decidedBy: { id: checker.id, name: checker.name, email: checker.email },
      transactionId: transactions.transactionId,
    })
    .from(moneyApprovals)
    .leftJoin(owner, eq(owner.id, moneyApprovals.userId))
    .innerJoin(maker, eq(maker.id, moneyApprovals.requestedBy))
    .leftJoin(checker, eq(checker.id, moneyApprovals.decidedBy))
    .leftJoin(transactions, eq(transactions.id, moneyApprovals.transactionId))
    .where(and(...conditions))
    .orderBy(desc(moneyApprovals.requestedAt), desc(moneyApprovals.id))
    .limit(filter.limit);
}
export type ApprovalViewRow = Awaited<ReturnType<typeof listApprovalViews>>[number];

/**
 * What one admin moved alone (booked without a second admin) for one user since `since`, in
 * cents (sizes): their adjustments, or the withdrawals they paid out.
 */
export async function soloMovedCents(
  db: DbOrTx,
  params: {
    adminId: string;
    userId: string;
    what: 'adjustment' | 'payout' | 'deposit';
    since: Date;
  },
): Promise<bigint> {
  // Parallel requests of one admin (or for one user) take turns from here to their commit, so each
  // sees what the ones before it booked alone (the sum below is read after the wait). Admin first,
  // then user, always: two checks never wait on each other in a circle.
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`four-eyes:admin:${params.adminId}`}, 0))`,
  );
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`four-eyes:user:${params.userId}`}, 0))`,
  );
  const since = params.since.toISOString();
  const kind =
    params.what === 'adjustment'
      ? sql`t.kind LIKE 'adjustment\_%' AND t.created_at > ${since}`
      : sql`t.kind = ${params.what === 'payout' ? 'withdrawal' : 'deposit'} AND t.status = 'success' AND t.decided_at > ${since}`;
  const result = await db.execute<{ cents: string }>(sql`
    SELECT coalesce(sum(t.amount_cents), 0)::text AS cents
    FROM transactions t
    WHERE t.user_id = ${params.userId} AND t.decided_by = ${params.adminId} AND ${kind}
      AND NOT EXISTS (SELECT 1 FROM money_approvals a
                      WHERE a.transaction_id = t.id AND a.status = 'approved')`);
  return BigInt(result.rows[0]?.cents ?? '0');
}
