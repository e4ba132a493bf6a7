import type { NotificationEvent } from '@app/shared/schemas/notifications';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import * as usersService from '../../users';
import { refusal } from '../../../http/errors';
import { refusedSelfDecision } from '../../approvals';
import { recordAudit } from '../../audit';
import * as repo from './strategies.repo';
import { notifyAll, type Announce } from '../../notifications';
import { listStrategies, summarise } from './record.service';
import { createLeadStrategy, type StrategyTermsInput } from './terms.service';

export async function adminListStrategies(ctx: AppContext) {
  return { strategies: await listStrategies(ctx) };
}

export async function adminStrategyView(ctx: AppContext, id: string) {
  const loaded = await repo.loadStrategyState(ctx.db, id, { lock: false });
  if (!loaded) throw refusal('STRATEGY_NOT_FOUND');
  const [view] = await summarise(ctx, [loaded]);
  if (!view) throw refusal('STRATEGY_NOT_FOUND');
  return { strategy: view };
}

/** Assigns (or removes) the lead trader; assigning grants the lead-trader role. Audited. */
export async function setLeadTrader(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  userId: string | null,
  ip: string,
) {
  // Running a strategy earns its performance fees: an admin never appoints themselves.
  if (userId === admin.id) {
    throw await refusedSelfDecision(ctx, admin.id, ip, 'strategy.lead_trader', 'strategy', id);
  }
  let announce: Announce = () => {};
  await ctx.db.transaction(async (tx) => {
    const loaded = await repo.loadStrategyState(tx, id, { lock: true });
    if (!loaded) throw refusal('STRATEGY_NOT_FOUND');
    // A retired strategy is handed over, never just taken away: to another lead trader, under
    // whom it runs again (its copies carry on, its plans sell again). The trader it was taken from
    // keeps it on their count (former_lead_trader_ids), so a hand-over frees nobody to start a
    // clean record.
    const retired = loaded.row.retiredAt !== null;
    if (retired && userId === null) throw refusal('STRATEGY_RETIRED', {}, 'userId');
    if (retired && userId === loaded.row.leadTraderId) {
      throw refusal('STRATEGY_HANDOVER_SAME_TRADER', {}, 'userId');
    }
    if (userId) {
      const user = await usersService.lockUserAsLeadTrader(tx, userId);
      if (!user) throw refusal('USER_NOT_FOUND', {}, 'userId');
      const other = await repo.findStrategyByLeadTrader(tx, userId);
      if (other && other.id !== id) {
        throw refusal('TRADER_HAS_STRATEGY', {}, 'userId');
      }
    }
    await repo.setLeadTrader(tx, id, userId);
    if (retired) await repo.handOver(tx, id, loaded.row.leadTraderId);
    if (loaded.row.leadTraderId !== userId) {
      announce = await notifyCopiers(ctx, tx, id, {
        type: 'lead_trader_changed',
        params: { strategyId: id, strategy: loaded.row.name },
      });
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'strategy.lead_trader',
      targetType: 'strategy',
      targetId: id,
      ip,
      details: { from: loaded.row.leadTraderId, to: userId, handedOver: retired },
    });
  });
  announce();
  // Assigning may have given the user the lead-trader role: read afresh on their next request.
  if (userId) ctx.caches.sessions.forgetUser(userId);
  return adminStrategyView(ctx, id);
}

export async function setPaused(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  paused: boolean,
  ip: string,
) {
  const now = ctx.clock.now();
  let announce: Announce = () => {};
  await ctx.db.transaction(async (tx) => {
    const set = await repo.setPausedAt(tx, id, paused ? now : null);
    if (!set) throw refusal('STRATEGY_NOT_FOUND');
    if (set.changed) {
      announce = await notifyCopiers(ctx, tx, id, {
        type: paused ? 'strategy_paused' : 'strategy_resumed',
        params: { strategyId: id, strategy: set.name },
      });
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: paused ? 'strategy.pause' : 'strategy.resume',
      targetType: 'strategy',
      targetId: id,
      ip,
    });
  });
  announce();
  return adminStrategyView(ctx, id);
}

/**
 * Tells everyone copying the strategy now (its open trades' owners, both books), in the caller's
 * transaction; one who holds only practice copies of it is told with the practice marker.
 */
async function notifyCopiers(
  ctx: AppContext,
  tx: Tx,
  strategyId: string,
  event: Extract<
    NotificationEvent,
    { type: 'strategy_paused' | 'strategy_resumed' | 'lead_trader_changed' | 'strategy_retired' }
  >,
): Promise<Announce> {
  const copiers = await repo.copiersOf(tx, strategyId);
  return notifyAll(
    ctx,
    tx,
    copiers.map(({ userId, practice }) => ({
      userId,
      type: event.type,
      params: practice ? { ...event.params, practice: true } : event.params,
    })),
  );
}

/**
 * POST /api/admin/strategies: an admin creates a strategy for an approved lead trader (one who holds
 * the role; anyone else is refused NOT_A_LEAD_TRADER on userId).
 */
export async function adminCreateStrategy(
  ctx: AppContext,
  admin: UserRow,
  input: StrategyTermsInput & { userId: string },
  ip: string,
) {
  // Running a strategy earns its performance fees: an admin never creates one for themselves.
  if (input.userId === admin.id) {
    throw await refusedSelfDecision(ctx, admin.id, ip, 'strategy.create', 'user', admin.id);
  }
  const id = await createLeadStrategy(ctx, { id: admin.id, ip }, input.userId, input);
  return adminStrategyView(ctx, id);
}

/**
 * The one place copiers of a retired strategy are alerted, in the retirement's own transaction:
 * each user with an open copy of it gets one strategy_retired alert (however many copies they
 * hold), e-mailed as their choices say. Their copies stay open — nothing is closed for them — and
 * each chooses whether to close. Returns what to announce once the transaction commits.
 */
export function alertCopiersOfRetirement(
  ctx: AppContext,
  tx: Tx,
  retirement: { strategyId: string; strategyName: string },
): Promise<Announce> {
  return notifyCopiers(ctx, tx, retirement.strategyId, {
    type: 'strategy_retired',
    params: { strategyId: retirement.strategyId, strategy: retirement.strategyName },
  });
}

/**
 * Admin: retires a strategy for good. It takes no new copies, and its positions may only be
 * reduced (ORDER_MUST_REDUCE); its open copies keep running at its NAV until their owners close
 * them, and the owners are alerted. Retiring twice changes nothing and alerts nobody again. Audited.
 */
export async function retireStrategy(ctx: AppContext, admin: UserRow, id: string, ip: string) {
  const now = ctx.clock.now();
  let announce: Announce = () => {};
  await ctx.db.transaction(async (tx) => {
    // FOR UPDATE: a copy opening now waits, then sees the strategy retired (and is refused); one
    // that opened first has committed, so its owner is among the copiers alerted.
    const loaded = await repo.loadStrategyState(tx, id, { lock: 'update' });
    if (!loaded) throw refusal('STRATEGY_NOT_FOUND');
    if (loaded.row.retiredAt) return;
    await repo.setRetiredAt(tx, id, now);
    announce = await alertCopiersOfRetirement(ctx, tx, {
      strategyId: id,
      strategyName: loaded.row.name,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'strategy.retire',
      targetType: 'strategy',
      targetId: id,
      ip,
      details: { openCopies: await repo.openCopyCount(tx, id) },
    });
  });
  announce();
  return adminStrategyView(ctx, id);
}
