import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { recordAudit } from '../audit';
import { dayStart, utcDay, type StatementRange } from './domain/statement';
import * as repo from './operator-exports.repo';
import { openSnapshot, rangeOrThrow } from './statements.service';

/** Rows fetched per cursor batch. */
export const EXPORT_BATCH_ROWS = 1_000;

/** An export being read: its rows in batches, and `release` (called when the response closes). */
export interface OpenExport<T> {
  batches: AsyncGenerator<T[]>;
  release: () => void;
}

/**
 * The ledger journal for days `from` to `to` (UTC): every posting of every entry booked then.
 * The request is in the audit log (who, when, which period) before the first row is read.
 */
export async function openJournalExport(
  ctx: AppContext,
  admin: UserRow,
  query: { from: string; to: string },
  ip: string,
): Promise<{ range: StatementRange } & OpenExport<repo.JournalRow>> {
  const range = rangeOrThrow(query, ctx.clock.now());
  await recordAudit(ctx.db, {
    actorId: admin.id,
    action: 'export.journal',
    targetType: 'ledger',
    ip,
    details: { from: range.from, to: range.to },
  });
  const { client, release } = await openSnapshot(ctx);
  return {
    range,
    batches: repo.journalRows(client, range.start, range.end, EXPORT_BATCH_ROWS),
    release,
  };
}

/** Every ledger account's balance at the end of day `at` (UTC), audited like the journal. */
export async function openBalancesExport(
  ctx: AppContext,
  admin: UserRow,
  query: { at: string },
  ip: string,
): Promise<{ at: string } & OpenExport<repo.BalanceRow>> {
  const day = dayStart(query.at);
  if (!day) throw refusal('STATEMENT_DATE_INVALID', {}, 'at');
  if (query.at > utcDay(ctx.clock.now())) {
    throw refusal('STATEMENT_DATE_IN_FUTURE', { unit: 'date' }, 'at');
  }
  await recordAudit(ctx.db, {
    actorId: admin.id,
    action: 'export.balances',
    targetType: 'ledger',
    ip,
    details: { at: query.at },
  });
  const { client, release } = await openSnapshot(ctx);
  const endOfDay = new Date(day.getTime() + 86_400_000);
  return { at: query.at, batches: repo.balanceRows(client, endOfDay, EXPORT_BATCH_ROWS), release };
}
