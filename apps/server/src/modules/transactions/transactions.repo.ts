import { BOOKS, type Book, type TransactionKind } from '@app/shared/schemas/kinds';
import crypto from 'node:crypto';
import {
  and,
  type AnyColumn,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  ne,
  or,
  type Placeholder,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import { afterCursor, cursorTextOf, escapeLike, keysetPage, type Cursor } from '../../db/keyset';
export { decodeCursor, type Cursor } from '../../db/keyset';
import { preparedPer } from '../../db/performance';
import { users } from '../../db/schema';
import { transactions, type TransactionRow } from '../../db/schema';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `TNX-` + 6 random uppercase letters or digits (seed section 3). */
export function newTransactionId(): string {
  let id = 'TNX-';
  for (let i = 0; i < 6; i += 1) id += ID_ALPHABET[crypto.randomInt(ID_ALPHABET.length)];
  return id;
}

export type NewTransaction = Omit<typeof transactions.$inferInsert, 'id' | 'transactionId'>;

/**
 * The insert of one transaction, prepared once per connection (db/prepared.ts): built by Drizzle
 * for every insert it cost 133 us of the server's CPU each time, the most of any money statement.
 * Every column has a placeholder; the nullable jsonb and time columns take their values already
 * encoded, through a cast, because a placeholder bound to a column is encoded even when null (a
 * jsonb column would store JSON's null); the defaulted times fall back to now() as the column's
 * default does.
 */
const insertOne = preparedPer((db: DbOrTx) =>
  db
    .insert(transactions)
    .values({
      transactionId: sql.placeholder('transactionId'),
      userId: sql.placeholder('userId'),
      kind: sql.placeholder('kind'),
      type: sql.placeholder('type'),
      status: sql.placeholder('status'),
      amountCents: sql.placeholder('amountCents'),
      feeCents: sql.placeholder('feeCents'),
      description: sql.placeholder('description'),
      descriptionParts: sql`${sql.placeholder('descriptionParts')}::jsonb`,
      crypto: sql.placeholder('crypto'),
      channel: sql.placeholder('channel'),
      paymentReference: sql.placeholder('paymentReference'),
      failureReason: sql.placeholder('failureReason'),
      methodId: sql.placeholder('methodId'),
      payoutDetails: sql`${sql.placeholder('payoutDetails')}::jsonb`,
      chainNetwork: sql.placeholder('chainNetwork'),
      chainTxHash: sql.placeholder('chainTxHash'),
      chainExplorerUrl: sql.placeholder('chainExplorerUrl'),
      book: sql.placeholder('book'),
      decidedBy: sql.placeholder('decidedBy'),
      decidedAt: sql`${sql.placeholder('decidedAt')}::timestamptz`,
      createdAt: sql`coalesce(${sql.placeholder('createdAt')}::timestamptz, now())`,
      updatedAt: sql`coalesce(${sql.placeholder('updatedAt')}::timestamptz, now())`,
    })
    .onConflictDoNothing({ target: transactions.transactionId })
    .returning()
    .prepare('insert_transaction'),
);

const jsonOrNull = (value: unknown) => (value == null ? null : JSON.stringify(value));
const timeOrNull = (value: Date | null | undefined) => value?.toISOString() ?? null;

/** Inserts with a fresh TNX id, drawing again on the (rare) collision. */
export async function insertTransaction(
  db: DbOrTx,
  values: NewTransaction,
): Promise<TransactionRow> {
  // Every column a caller may give (a column added to the table fails to compile here).
  const placeholders: Record<keyof NewTransaction, unknown> = {
    userId: values.userId,
    kind: values.kind,
    type: values.type,
    status: values.status,
    amountCents: values.amountCents,
    feeCents: values.feeCents ?? 0n,
    description: values.description,
    descriptionParts: jsonOrNull(values.descriptionParts),
    crypto: values.crypto ?? null,
    channel: values.channel ?? null,
    paymentReference: values.paymentReference ?? null,
    failureReason: values.failureReason ?? null,
    methodId: values.methodId ?? null,
    payoutDetails: jsonOrNull(values.payoutDetails),
    chainNetwork: values.chainNetwork ?? null,
    book: values.book ?? 'real',
    chainTxHash: values.chainTxHash ?? null,
    chainExplorerUrl: values.chainExplorerUrl ?? null,
    decidedBy: values.decidedBy ?? null,
    decidedAt: timeOrNull(values.decidedAt),
    createdAt: timeOrNull(values.createdAt),
    updatedAt: timeOrNull(values.updatedAt),
  };
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const [row] = await insertOne(db).execute({
      ...placeholders,
      transactionId: newTransactionId(),
    });
    if (row) return row;
  }
  throw new Error('could not draw a free transaction id');
}

/** A transaction inserted by insertTransactions: its ids and its owner. */
export type InsertedTransaction = Pick<TransactionRow, 'id' | 'transactionId' | 'userId'>;

/**
 * Inserts many in one statement (plus one per rare id collision), answered in input order with
 * each one's ids and owner.
 */
export async function insertTransactions(
  db: DbOrTx,
  values: NewTransaction[],
): Promise<InsertedTransaction[]> {
  const rows: (InsertedTransaction | undefined)[] = values.map(() => undefined);
  let missing = values.map((_, i) => i);
  for (let attempt = 0; attempt < 8 && missing.length > 0; attempt += 1) {
    const drawn = missing.flatMap((i) => {
      const value = values[i];
      return value ? [{ i, value: { ...value, transactionId: newTransactionId() } }] : [];
    });
    const inserted = await insertRows(
      db,
      transactions,
      drawn.map(({ value }) => value),
      {
        onConflictDoNothing: transactions.transactionId,
        returning: ['id', 'transactionId', 'userId'],
      },
    );
    const byId = new Map(inserted.map((row) => [row.transactionId, row]));
    for (const { i, value } of drawn) rows[i] = byId.get(value.transactionId);
    missing = missing.filter((i) => rows[i] === undefined);
  }
  if (missing.length > 0) throw new Error('could not draw free transaction ids');
  return rows as InsertedTransaction[];
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
  const by = idColumnOf(params.idOrTransactionId);
  if (!by) return undefined;
  const [row] = await decideOne[by](db).execute({
    idOrTransactionId: params.idOrTransactionId,
    kind: params.kind,
    status: params.status,
    failureReason: params.failureReason ?? null,
    decidedBy: params.decidedBy,
    decidedAt: params.now.toISOString(),
  });
  return row;
}

/**
 * decidePending's update, by uuid or by TNX id, prepared once per connection (db/prepared.ts): it
 * took 127-146 us to build for each decision. An update's values take placeholders only inside
 * SQL, so they go as PostgreSQL reads them (the time as ISO text).
 */
const decideOne = {
  id: preparedPer((db: DbOrTx) => decideBy(db, transactions.id, 'decide_transaction_by_id')),
  transactionId: preparedPer((db: DbOrTx) =>
    decideBy(db, transactions.transactionId, 'decide_transaction_by_tnx'),
  ),
};

function decideBy(db: DbOrTx, key: AnyColumn, name: string) {
  const decidedAt = sql`${sql.placeholder('decidedAt')}::timestamptz`;
  return db
    .update(transactions)
    .set({
      status: sql`${sql.placeholder('status')}`,
      failureReason: sql`${sql.placeholder('failureReason')}`,
      decidedBy: sql`${sql.placeholder('decidedBy')}::uuid`,
      decidedAt,
      updatedAt: decidedAt,
    })
    .where(
      and(
        eq(key, sql.placeholder('idOrTransactionId')),
        eq(transactions.kind, sql.placeholder('kind')),
        eq(transactions.status, 'pending'),
        ne(transactions.userId, sql.placeholder('decidedBy')),
      ),
    )
    .returning()
    .prepare(name);
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

/** The display ids ("TX-...") of transactions by uuid. */
export async function displayIdsOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: transactions.id, transactionId: transactions.transactionId })
    .from(transactions)
    .where(inArray(transactions.id, ids));
  return new Map(rows.map((row) => [row.id, row.transactionId]));
}

/** The column an admin's id names: a uuid the row's id, a TNX id the transaction id. */
function idColumnOf(idOrTransactionId: string): 'id' | 'transactionId' | undefined {
  if (UUID.test(idOrTransactionId)) return 'id';
  if (TNX_PATTERN.test(idOrTransactionId)) return 'transactionId';
  return undefined;
}

function byIdOrTransactionId(idOrTransactionId: string): SQL | undefined {
  const column = idColumnOf(idOrTransactionId);
  return column && eq(transactions[column], idOrTransactionId);
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
  /** Only this book's rows (a user's own list always names one; issue 42). */
  book?: Book;
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
function ownedBy(userId: string | Placeholder): SQL {
  return sql`${transactions.userId} = (SELECT ${userId}::uuid)`;
}

/** The search: `pattern` (a LIKE pattern) in the TNX id, the crypto name or the description. */
function matching(pattern: string | Placeholder): SQL | undefined {
  return or(
    ilike(transactions.transactionId, pattern),
    ilike(transactions.crypto, pattern),
    ilike(transactions.description, pattern),
  );
}

/** A search text as the LIKE pattern `matching` takes: anywhere, wildcards in it escaped. */
const likePattern = (q: string) => `%${escapeLike(q)}%`;

function conditionsOf(options: ListOptions): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (options.userId) conditions.push(ownedBy(options.userId));
  if (options.book) conditions.push(inBook(options.book));
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
  if (options.q) conditions.push(matching(likePattern(options.q)));
  if (options.cursor) {
    conditions.push(afterCursor(transactions.createdAt, transactions.id, options.cursor));
  }
  return conditions;
}

/**
 * One book's rows, the book written into the statement (not a parameter) so that a generic plan
 * of the practice pages can use their partial index (transactions_practice_user_idx, 0056).
 */
function inBook(book: Book): SQL {
  return book === 'practice'
    ? sql`${transactions.book} = 'practice'`
    : sql`${transactions.book} = 'real'`;
}

/** What a user's own page may ask: the book, a search and the cursor of the page before. */
export interface OwnPageOptions {
  userId: string;
  book: Book;
  q?: string;
  cursor?: Cursor;
  limit: number;
}

/**
 * A transaction as the API sends it (`Transaction`, the shape toTransaction builds), written by
 * PostgreSQL: to_json of the row with the API's names, times as toISOString writes them. A test
 * holds it equal to toTransaction for every kind of row (transactions.test.ts, "the list as
 * PostgreSQL writes it").
 */
const t = transactions;
const TRANSACTION_JSON = sql<string>`(SELECT to_json(x) FROM (SELECT
  ${t.id}, ${t.book}, ${t.transactionId} AS "transactionId", ${t.kind}, ${t.type}, ${t.status},
  ${t.amountCents} AS "amountCents", ${t.feeCents} AS "feeCents",
  CASE WHEN ${t.type} = 'withdraw' THEN ${t.amountCents} - ${t.feeCents} ELSE ${t.amountCents} END AS "netCents",
  ${t.description}, ${t.descriptionParts} AS "descriptionParts", ${t.crypto}, ${t.channel},
  ${t.paymentReference} AS "paymentReference", ${t.failureReason} AS "failureReason",
  ${t.methodId} AS "methodId", ${t.payoutDetails} AS "payoutDetails",
  CASE WHEN ${t.chainTxHash} IS NOT NULL THEN json_build_object('network', ${t.chainNetwork},
    'hash', ${t.chainTxHash}, 'explorerUrl', ${t.chainExplorerUrl}) END AS "chainTx",
  ${isoMillis(t.createdAt)} AS "createdAt", ${isoMillis(t.updatedAt)} AS "updatedAt",
  ${isoMillis(t.decidedAt)} AS "decidedAt") AS x)::text`;

/** As JavaScript's toISOString: UTC, milliseconds (truncated, as a Date holds them); null stays null. */
function isoMillis(column: AnyColumn): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The page statement for each shape a user's own page can take (with or without a search, first
 * page or after a cursor), with conditionsOf's conditions and listTransactions' order, built once
 * per connection and shape (db/prepared.ts): built for every page it cost 50 us of the page's ~420
 * us of server CPU (a profile of the route under load, 2026-11-26).
 */
const ownPageQueries = BOOKS.map((book) =>
  [false, true].map((search) =>
    [false, true].map((after) =>
      preparedPer((db: DbOrTx) =>
        db
          .select({ doc: TRANSACTION_JSON, cursorAt: cursorText, id: t.id })
          .from(t)
          .where(
            and(
              ownedBy(sql.placeholder('userId')),
              inBook(book),
              search ? matching(sql.placeholder('pattern')) : undefined,
              after
                ? afterCursor(t.createdAt, t.id, {
                    createdAt: sql.placeholder('cursorAt'),
                    id: sql.placeholder('cursorId'),
                  })
                : undefined,
            ),
          )
          .orderBy(...newestFirst)
          .limit(sql.placeholder('limit'))
          .prepare(
            `transactions_own_page${book === 'practice' ? '_practice' : ''}${search ? '_search' : ''}${after ? '_after' : ''}`,
          ),
      ),
    ),
  ),
);

/**
 * A page of the user's own transactions as the API's JSON text (`{"items": [...], "nextCursor":
 * ...}`), one statement: the rows `listTransactions` gives for the same options, in its order,
 * with the same cursor, each written by PostgreSQL in the API's shape and sent as it is. The
 * user's pages are the hottest read; parsed, mapped, re-shaped, checked against the response
 * schema and serialised again they cost 1,000 us of server CPU each (bench/RESULTS.md).
 */
export async function listTransactionsJson(db: DbOrTx, options: OwnPageOptions): Promise<string> {
  const query =
    ownPageQueries[options.book === 'practice' ? 1 : 0]![options.q ? 1 : 0]![
      options.cursor ? 1 : 0
    ]!(db);
  const rows = await query.execute({
    userId: options.userId,
    pattern: options.q ? likePattern(options.q) : undefined,
    cursorAt: options.cursor?.createdAt,
    cursorId: options.cursor?.id,
    limit: options.limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, options.limit, (row) => ({
    createdAt: row.cursorAt,
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

/** A transaction row locked until the caller's transaction ends. */
export async function lockTransaction(db: DbOrTx, id: string): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return row;
}

/**
 * Stores the chain transaction behind a pending transaction (a payout's proof), unless it was
 * decided meanwhile (then undefined). A hash that already proves another payout fails the unique
 * index transactions_payout_tx_once (23505), also when both are written at once.
 */
export async function setPendingChainTx(
  db: DbOrTx,
  id: string,
  chainTx: { network: string; hash: string; explorerUrl: string | null },
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .update(transactions)
    .set({
      chainNetwork: chainTx.network,
      chainTxHash: chainTx.hash,
      chainExplorerUrl: chainTx.explorerUrl,
    })
    .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')))
    .returning();
  return row;
}

/** Whether another withdrawal than `exceptId` already carries this chain hash. */
export async function payoutTxUsed(db: DbOrTx, hash: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.chainTxHash, hash),
        eq(transactions.kind, 'withdrawal'),
        ne(transactions.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
