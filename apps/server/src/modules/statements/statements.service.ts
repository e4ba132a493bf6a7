import type pg from 'pg';
import type { StatementQuery } from '@app/shared/schemas/statements';
import type { AppContext } from '../../context';
import { cacheKey } from '../../caches';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { ENTRY_KINDS } from '../ledger';
import {
  StatementBuilder,
  checkRange,
  closingFrom,
  totalsByCategory,
  utcDay,
  type CashMovement,
  type CategoryTotals,
  type StatementFacts,
  type StatementLine,
  type StatementRange,
} from './domain/statement';
import { chainProblem, yearMonths, type MonthRange } from './domain/annual';
import * as repo from './statements.repo';

/** Entries read per keyset page while a statement streams. */
export const STATEMENT_PAGE_ROWS = 500;
/** Staff adjustments listed with their reasons in the summary (all are in the movements). */
export const SUMMARY_ADJUSTMENTS = 20;

export interface StatementHeader {
  brand: string;
  holder: { name: string; reference: string };
  range: StatementRange;
  generatedAt: Date;
  opening: bigint;
  closing: bigint;
  byCategory: CategoryTotals;
  facts: StatementFacts;
  /** The first SUMMARY_ADJUSTMENTS staff adjustments (amount and reason), and whether more follow. */
  adjustments: CashMovement[];
  moreAdjustments: boolean;
}

/**
 * A statement being read: its header (every total, read before the first byte is sent) and its
 * lines, streamed a keyset page at a time. Everything is read in one REPEATABLE READ snapshot, so
 * the totals and the lines agree even while new entries are booked; `release` ends it (called
 * when the response stream closes, whether it finished or the client went away).
 */
export interface OpenStatement {
  header: StatementHeader;
  lines: () => AsyncGenerator<StatementLine[]>;
  release: () => void;
}

export function rangeOrThrow(query: { from: string; to: string }, now: Date): StatementRange {
  const checked = checkRange(query.from, query.to, utcDay(now));
  if ('problem' in checked) {
    const { code, field } = checked.problem;
    throw code === 'STATEMENT_DATE_IN_FUTURE'
      ? refusal(code, { unit: 'date' }, field)
      : refusal(code, {}, field);
  }
  return checked.range;
}

const sum = (values: Iterable<bigint>) => [...values].reduce((a, b) => a + b, 0n);

/** A statement's figures over a range: both balances, totals per category and the facts. */
export interface RangeFigures {
  opening: bigint;
  closing: bigint;
  byCategory: CategoryTotals;
  facts: StatementFacts;
}

/**
 * Reads one range's figures inside the caller's snapshot (one connection: the queries run one
 * after another) and checks that they reconcile: opening + every category = closing.
 */
async function rangeFigures(
  client: repo.Queryable,
  userId: string,
  accounts: { ids: string[]; holdId: string | null },
  range: { start: Date; end: Date },
): Promise<RangeFigures> {
  const atStart = await repo.balancesBefore(client, accounts.ids, range.start);
  const atEnd = await repo.balancesBefore(client, accounts.ids, range.end);
  const netByKind = await repo.netByEntryKind(client, accounts.ids, range.start, range.end);
  const facts = await repo.statementFacts(client, {
    userId,
    holdId: accounts.holdId,
    start: range.start,
    end: range.end,
  });
  const opening = sum(atStart.values());
  const closing = sum(atEnd.values());
  const byCategory = totalsByCategory(netByKind);
  if (closingFrom(opening, byCategory) !== closing) {
    throw new Error(`statement of ${userId} does not reconcile: ${opening} → ${closing}`);
  }
  return {
    opening,
    closing,
    byCategory,
    facts: { ...facts, heldAtClose: accounts.holdId ? (atEnd.get(accounts.holdId) ?? 0n) : 0n },
  };
}

/**
 * Statements and exports read in a snapshot held on its own pooled connection for as long as the
 * client takes the file: at most this many at once per server, so downloads never take the pool
 * the rest of the app needs (the next is told to try again in a moment, 503).
 */
export const MAX_OPEN_SNAPSHOTS = 4;
/** A client that stops reading for this long loses its snapshot (PostgreSQL ends the session). */
const IDLE_SNAPSHOT_TIMEOUT = '60s';
/** Snapshots open now, per app instance. */
const OPEN_SNAPSHOTS = cacheKey<{ open: number }>('open statement snapshots');

/** A read-only REPEATABLE READ snapshot on its own connection, ended once by `release`. */
export async function openSnapshot(ctx: AppContext) {
  const counter = ctx.caches.keep(OPEN_SNAPSHOTS, () => ({ open: 0 }));
  if (counter.open >= MAX_OPEN_SNAPSHOTS) {
    throw refusal('STATEMENTS_BUSY');
  }
  counter.open += 1;
  let client: pg.PoolClient;
  try {
    client = await ctx.pool.connect();
  } catch (error) {
    counter.open -= 1;
    throw error;
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    counter.open -= 1;
    // Read-only: ending it either way changes nothing; a broken connection is dropped.
    client
      .query('ROLLBACK')
      .then(() => client.release())
      .catch((e: unknown) => client.release(e instanceof Error ? e : new Error(String(e))));
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(
      `SET LOCAL idle_in_transaction_session_timeout = '${IDLE_SNAPSHOT_TIMEOUT}'`,
    );
  } catch (error) {
    release();
    throw error;
  }
  return { client, release };
}

/**
 * The cash movements of `accountIds` booked in the range, page by page in booking order (each
 * non-empty page at most STATEMENT_PAGE_ROWS movements), to the end of the accounts' entries.
 */
async function* movementsIn(
  client: repo.Queryable,
  accountIds: string[],
  range: { start: Date; end: Date },
  kinds?: readonly string[],
): AsyncGenerator<CashMovement[]> {
  let after = 0n;
  for (;;) {
    const page = await repo.movementPage(client, {
      accountIds,
      start: range.start,
      end: range.end,
      afterEntryId: after,
      limit: STATEMENT_PAGE_ROWS,
      ...(kinds ? { kinds } : {}),
    });
    if (page.movements.length > 0) yield page.movements;
    if (page.done) return;
    after = page.scannedThrough;
  }
}

/** Opens the signed-in user's own statement for a range (4xx for a bad range, before any read). */
export async function openStatement(
  ctx: AppContext,
  user: UserRow,
  query: Pick<StatementQuery, 'from' | 'to'>,
): Promise<OpenStatement> {
  const generatedAt = ctx.clock.now();
  const range = rangeOrThrow(query, generatedAt);
  const { client, release } = await openSnapshot(ctx);
  try {
    const accounts = await repo.cashAccountIds(client, user.id);
    const figures = await rangeFigures(client, user.id, accounts, range);
    const { opening, closing } = figures;
    const adjustments: CashMovement[] = [];
    for await (const page of movementsIn(client, accounts.ids, range, [
      ENTRY_KINDS.adjustmentBalance,
      ENTRY_KINDS.adjustmentProfit,
    ])) {
      adjustments.push(...page);
      if (adjustments.length > SUMMARY_ADJUSTMENTS) break;
    }
    const header: StatementHeader = {
      brand: ctx.config.brandName,
      holder: { name: user.name, reference: user.id },
      range,
      generatedAt,
      ...figures,
      adjustments: adjustments.slice(0, SUMMARY_ADJUSTMENTS),
      moreAdjustments: adjustments.length > SUMMARY_ADJUSTMENTS,
    };
    async function* lines(): AsyncGenerator<StatementLine[]> {
      const builder = new StatementBuilder(opening);
      for await (const page of movementsIn(client, accounts.ids, range)) {
        yield page.map((movement) => builder.add(movement));
      }
      // The lines must arrive where the totals said: otherwise the file is cut short, never wrong.
      if (builder.totals().closing !== closing) {
        throw new Error(`statement lines of ${user.id} do not reach the closing balance`);
      }
    }
    return { header, lines, release };
  } catch (error) {
    release();
    throw error;
  }
}

export interface AnnualSummary {
  brand: string;
  holder: { name: string; reference: string };
  year: number;
  generatedAt: Date;
  months: (MonthRange & RangeFigures)[];
  total: RangeFigures;
}

/**
 * The signed-in user's year, month by month, from the ledger in one snapshot: each month is a
 * statement's figures, and the months must chain into the year's own figures (else a 500, never
 * a wrong summary).
 */
export async function annualSummary(
  ctx: AppContext,
  user: UserRow,
  year: number,
): Promise<AnnualSummary> {
  const generatedAt = ctx.clock.now();
  const cut = yearMonths(year, utcDay(generatedAt));
  if ('problem' in cut) {
    throw refusal(cut.problem.code, { unit: 'year' }, 'year');
  }
  const { client, release } = await openSnapshot(ctx);
  try {
    const accounts = await repo.cashAccountIds(client, user.id);
    const months: (MonthRange & RangeFigures)[] = [];
    for (const month of cut.months) {
      months.push({ ...month, ...(await rangeFigures(client, user.id, accounts, month)) });
    }
    const first = cut.months[0];
    const last = cut.months[cut.months.length - 1];
    if (!first || !last) throw new Error('a year without months');
    const total = await rangeFigures(client, user.id, accounts, {
      start: first.start,
      end: last.end,
    });
    const problem = chainProblem(months, total);
    if (problem) throw new Error(`annual summary of ${user.id} for ${year}: ${problem}`);
    return {
      brand: ctx.config.brandName,
      holder: { name: user.name, reference: user.id },
      year,
      generatedAt,
      months,
      total,
    };
  } finally {
    release();
  }
}
