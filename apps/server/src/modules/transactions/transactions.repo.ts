import type { TransactionKind } from '@app/shared/schemas/kinds';
import crypto from 'node:crypto';
import { and, desc, type AnyColumn, eq, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { afterCursor, cursorTextOf, escapeLike, keysetPage, type Cursor } from '../../db/keyset';
export { decodeCursor, type Cursor } from '../../db/keyset';
import { users } from '../../db/schema';
import { transactions, type TransactionRow } from '../ledger/ledger.schema';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `TNX-` + 6 random uppercase letters or digits (seed section 3). */
export function newTransactionId(): string {
  let id = 'TNX-';
  for (let i = 0; i < 6; i += 1) id += ID_ALPHABET[crypto.randomInt(ID_ALPHABET.length)];
  return id;
}

export type NewTransaction = Omit<typeof transactions.$inferInsert, 'id' | 'transactionId'>;

/** Inserts with a fresh TNX id, drawing again on the (rare) collision. */
export async function insertTransaction(
  db: DbOrTx,
  values: NewTransaction,
): Promise<TransactionRow> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const [row] = await db
      .insert(transactions)
      .values({ ...values, transactionId: newTransactionId() })
      .onConflictDoNothing({ target: transactions.transactionId })
      .returning();
    if (row) return row;
  }
  throw new Error('could not draw a free transaction id');
}

/** Inserts many in one statement (plus one per rare id collision), answered in input order. */
export async function insertTransactions(
  db: DbOrTx,
  values: NewTransaction[],
): Promise<TransactionRow[]> {
  const rows: (TransactionRow | undefined)[] = values.map(() => undefined);
  let missing = values.map((_, i) => i);
  for (let attempt = 0; attempt < 8 && missing.length > 0; attempt += 1) {
    const drawn = missing.flatMap((i) => {
      const value = values[i];
      return value ? [{ i, value: { ...value, transactionId: newTransactionId() } }] : [];
    });
    const inserted = await db
      .insert(transactions)
      .values(drawn.map(({ value }) => value))
      .onConflictDoNothing({ target: transactions.transactionId })
      .returning();
    const byId = new Map(inserted.map((row) => [row.transactionId, row]));
    for (const { i, value } of drawn) rows[i] = byId.get(value.transactionId);
    missing = missing.filter((i) => rows[i] === undefined);
  }
  if (missing.length > 0) throw new Error('could not draw free transaction ids');
  return rows as TransactionRow[];
}

/**
 * Moves a pending transaction (by uuid or TNX id) to success or failed — only if it is still
 * pending, of that kind and not the decider's own (the row lock taken by UPDATE makes a concurrent
 * second decision wait, then find it decided and change nothing). Returns undefined otherwise
 * (the caller reads the row to say why): the usual decision is one statement, not a read and a
 * write.
 */
export async function decidePending(
  db: DbOrTx,
  params: {
    idOrTransactionId: string;
    kind: TransactionKind;
    status: 'success' | 'failed';
    failureReason?: string | null;
    decidedBy: string;
    now: Date;
  },
): Promise<TransactionRow | undefined> {
  const where = byIdOrTransactionId(params.idOrTransactionId);
  if (!where) return undefined;
  const [row] = await db
    .update(transactions)
    .set({
      status: params.status,
      failureReason: params.failureReason ?? null,
      decidedBy: params.decidedBy,
      decidedAt: params.now,
      updatedAt: params.now,
    })
    .where(
      and(
        where,
        eq(transactions.kind, params.kind),
        eq(transactions.status, 'pending'),
        ne(transactions.userId, params.decidedBy),
      ),
    )
    .returning();
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const TNX_PATTERN = /^TNX-[A-Z0-9]{6}$/;

/** By uuid or by TNX id (admin screens may use either); undefined for anything else. */
export async function findTransaction(
  db: DbOrTx,
  idOrTransactionId: string,
): Promise<TransactionRow | undefined> {
  const where = byIdOrTransactionId(idOrTransactionId);
  if (!where) return undefined;
  const [row] = await db.select().from(transactions).where(where);
  return row;
}

function byIdOrTransactionId(idOrTransactionId: string): SQL | undefined {
  if (UUID.test(idOrTransactionId)) return eq(transactions.id, idOrTransactionId);
  if (TNX_PATTERN.test(idOrTransactionId)) return eq(transactions.transactionId, idOrTransactionId);
  return undefined;
}

export async function findOwnTransaction(
  db: DbOrTx,
  userId: string,
  transactionId: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.transactionId, transactionId)));
  return row;
}

export interface ListOptions {
  /** Only this user's rows (always set for a user's own list). */
  userId?: string;
  q?: string;
  status?: 'pending' | 'success' | 'failed';
  kind?: TransactionKind;
  type?: 'credit' | 'withdraw';
  /** Created at or after / before these instants (admin date filter). */
  from?: Date;
  to?: Date;
  cursor?: Cursor;
  limit: number;
}

const cursorText = cursorTextOf(transactions.createdAt);
/** The order the keyset cursor follows (afterCursor): both list statements sort by it. */
const newestFirst = [desc(transactions.createdAt), desc(transactions.id)];

/** Newest first, at most `limit` rows (one more than a page, to know whether another follows). */
function listQuery(db: DbOrTx, conditions: (SQL | undefined)[], limit: number) {
  return db
    .select({
      row: transactions,
      cursorAt: cursorText,
      user: { id: users.id, name: users.name, email: users.email },
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * `user_id = <the user>`, with the value hidden from the planner (a scalar subquery is planned
 * before its value is known). With the literal value, PostgreSQL estimates a user who owns a
 * large share of the table from its statistics and walks the all-users date index filtering for
 * them — 0.1 ms, or 4 ms when everybody else's newer rows come first (seen at 10M rows). Hidden,
 * it plans for an average user: the (user_id, created_at, id) index, the same cost at any size.
 */
function ownedBy(userId: string): SQL {
  return sql`${transactions.userId} = (SELECT ${userId}::uuid)`;
}

function conditionsOf(options: ListOptions): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (options.userId) conditions.push(ownedBy(options.userId));
  if (options.status) conditions.push(eq(transactions.status, options.status));
  // The pending queue is its own small table (migration 0023): no index of transactions reads
  // the status, so that a decision can be a HOT update.
  if (options.status === 'pending') {
    conditions.push(
      sql`${transactions.id} IN (SELECT transaction_id FROM pending_transactions${
        options.kind ? sql` WHERE kind = ${options.kind}` : sql``
      })`,
    );
  }
  if (options.kind) conditions.push(eq(transactions.kind, options.kind));
  if (options.type) conditions.push(eq(transactions.type, options.type));
  if (options.from) conditions.push(gte(transactions.createdAt, options.from));
  if (options.to) conditions.push(lt(transactions.createdAt, options.to));
  if (options.q) {
    const pattern = `%${escapeLike(options.q)}%`;
    conditions.push(
      or(
        ilike(transactions.transactionId, pattern),
        ilike(transactions.crypto, pattern),
        ilike(transactions.description, pattern),
      ),
    );
  }
  if (options.cursor) {
    conditions.push(afterCursor(transactions.createdAt, transactions.id, options.cursor));
  }
  return conditions;
}

/**
 * A transaction as the API sends it (`Transaction`, the shape transaction.view.ts builds), written
 * by PostgreSQL. The user's pages are the hottest read: written here, a page of 20 goes out as 20
 * texts joined, instead of 20 rows of 20 columns parsed, mapped, re-shaped, checked against the
 * response schema and serialised again (bench/RESULTS.md, 2026-11-26 17:30: 1,000 -> 400 us of
 * server CPU per page). A test holds it equal to toTransaction for every kind of row
 * (transactions.test.ts, "the list as PostgreSQL writes it").
 */
const t = transactions;
const TRANSACTION_JSON = sql`(SELECT to_json(x) FROM (SELECT
  ${t.id}, ${t.transactionId} AS "transactionId", ${t.kind}, ${t.type}, ${t.status},
  ${t.amountCents} AS "amountCents", ${t.feeCents} AS "feeCents",
  CASE WHEN ${t.type} = 'withdraw' THEN ${t.amountCents} - ${t.feeCents} ELSE ${t.amountCents} END AS "netCents",
  ${t.description}, ${t.descriptionParts} AS "descriptionParts", ${t.crypto}, ${t.channel},
  ${t.paymentReference} AS "paymentReference", ${t.failureReason} AS "failureReason",
  ${t.methodId} AS "methodId", ${t.payoutDetails} AS "payoutDetails",
  ${isoMillis(t.createdAt)} AS "createdAt", ${isoMillis(t.updatedAt)} AS "updatedAt",
  ${isoMillis(t.decidedAt)} AS "decidedAt") AS x)::text`;

/** As JavaScript's toISOString: UTC, milliseconds (truncated, as a Date holds them); null stays null. */
function isoMillis(column: AnyColumn): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A page of transactions as the API's JSON text (`{"items": [...], "nextCursor": ...}`), one
 * statement: the rows of `listTransactions`, in its order, with the same cursor.
 */
export async function listTransactionsJson(db: DbOrTx, options: ListOptions): Promise<string> {
  const result = await db.execute<{ doc: string; cursor_at: string; id: string }>(sql`
    SELECT ${TRANSACTION_JSON} AS doc, ${cursorText} AS cursor_at, ${t.id} AS id
    FROM ${t}
    WHERE ${and(...conditionsOf(options))}
    ORDER BY ${sql.join(newestFirst, sql`, `)}
    LIMIT ${options.limit + 1}`);
  const { page, nextCursor } = keysetPage(result.rows, options.limit, (row) => ({
    createdAt: row.cursor_at,
    id: row.id,
  }));
  return `{"items":[${page.map((row) => row.doc).join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}

/** Newest first, keyset-paginated on (created_at, id); no OFFSET. One statement. */
export async function listTransactions(db: DbOrTx, options: ListOptions) {
  const rows = await listQuery(db, conditionsOf(options), options.limit + 1);
  const { page, nextCursor } = keysetPage(rows, options.limit, (item) => ({
    createdAt: item.cursorAt,
    id: item.row.id,
  }));
  return { items: page, nextCursor };
}
