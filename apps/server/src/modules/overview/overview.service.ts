import { OVERVIEW_TOP_STRATEGIES, type AdminOverview } from '@app/shared/schemas/overview';
import type { AppContext } from '../../context';
import { topStrategiesByAum } from '../copy-trading';
import { demoMethodNames } from '../payment-methods';
import * as repo from './overview.repo';

/**
 * The admin dashboard: users, money, pending work, 30 days of volumes and the strategies with the
 * most money copying them, all real; the practice accounts' activity (issue 42) apart, never added
 * to a real figure. Every part is read from figures kept as the data changes (0064, and copy
 * trading's strategy figures) or from the pending queue: nothing here grows with the platform.
 */
export async function adminOverview(ctx: AppContext): Promise<AdminOverview> {
  const [kept, pending, volumes, strategies, demoPaymentMethods] = await Promise.all([
    repo.keptFigures(ctx.db),
    repo.pendingTotals(ctx.db),
    repo.dailyVolumes(ctx.db, ctx.clock.now(), 30),
    topStrategiesByAum(ctx, OVERVIEW_TOP_STRATEGIES),
    demoMethodNames(ctx.db),
  ]);
  return { ...keptOverview(kept), pending, volumes, strategies, demoPaymentMethods };
}

/**
 * The kept figures as the overview states them. Users: the sets the admin's user list shows
 * under Active and Awaiting review, and the closed accounts All lists too. Money: the users'
 * ledger balances by kind.
 */
function keptOverview(kept: ReadonlyMap<string, number>) {
  const of = (figure: string) => kept.get(figure) ?? 0;
  const pending = of('users.pending');
  const active = of('users.active');
  const closed = of('users.closed');
  return {
    users: { total: pending + active + closed, pending, active, closed },
    money: {
      availableCents: of('balance.available'),
      investedCents: of('balance.invested'),
      heldCents: of('balance.withdrawal_hold'),
    },
    practice: {
      accounts: of('practice.accounts'),
      practising: of('practice.practising'),
      openCopies: of('practice.copies'),
      investedCents: of('balance.practice_invested'),
    },
  };
}

/** Days of volumes folded each run: a decision is filed on its own day, so a week is ample. */
const FOLD_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * Folds the kept figures' delta rows (each figure back to one row, and each of the last days),
 * so a read sums a few rows plus the last run's deltas. Returns how many rows went.
 */
export function foldOverviewFigures(ctx: AppContext, now: Date): Promise<number> {
  const since = new Date(now.getTime() - FOLD_DAYS * DAY_MS).toISOString().slice(0, 10);
  return repo.foldFigures(ctx.db, since);
}
