import type { AdminPlan, PlanStrategy, PublicPlan } from '@app/shared/schemas/plans';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { dailyNavSeries, listStrategies, strategyExists } from '../copy-trading/strategies.service';
import * as repo from './plans.repo';
import type { PlanRow } from './plans.repo';

/** Each linked strategy's computed figures and 30-day daily NAV series, by strategy id. */
async function strategyFigures(
  ctx: AppContext,
  ids: Set<string>,
): Promise<Map<string, PlanStrategy>> {
  const figures = new Map<string, PlanStrategy>();
  if (ids.size === 0) return figures;
  for (const strategy of await listStrategies(ctx)) {
    if (!ids.has(strategy.id)) continue;
    figures.set(strategy.id, {
      id: strategy.id,
      name: strategy.name,
      runBy: strategy.runBy,
      return30dPct: strategy.return30dPct,
      avgDailyReturnPct: strategy.avgDailyReturnPct,
      maxDrawdownPct: strategy.maxDrawdownPct,
      copiers: strategy.copiers,
      aumCents: strategy.aumCents,
      navSeries: await dailyNavSeries(ctx, strategy.id),
      paused: strategy.paused,
      performanceFeePct: strategy.terms?.performanceFeePct ?? null,
      minCopyCents: strategy.terms?.minCopyCents ?? 0,
      retired: strategy.terms?.retired ?? false,
    });
  }
  return figures;
}

function toPublic(plan: PlanRow, figures: Map<string, PlanStrategy>): PublicPlan {
  return {
    id: plan.id,
    title: plan.title,
    minCents: Number(plan.minCents),
    maxCents: Number(plan.maxCents),
    termDays: plan.termDays,
    recommended: plan.recommended,
    // A lead trader's strategy carries its own fee, which the plan charges (trades.service).
    performanceFeePct:
      (plan.strategyId ? figures.get(plan.strategyId)?.performanceFeePct : null) ??
      plan.performanceFeePct,
    strategy: plan.strategyId ? (figures.get(plan.strategyId) ?? null) : null,
  };
}

export async function publicPlans(ctx: AppContext): Promise<PublicPlan[]> {
  const rows = await repo.listActivePlans(ctx.db);
  const figures = await strategyFigures(
    ctx,
    new Set(rows.map((r) => r.strategyId).filter((id): id is string => id !== null)),
  );
  return rows.map((row) => toPublic(row, figures));
}

function toAdmin(plan: PlanRow, figures: Map<string, PlanStrategy>): AdminPlan {
  return {
    ...toPublic(plan, figures),
    strategyId: plan.strategyId,
    sortOrder: plan.sortOrder,
    retiredAt: plan.retiredAt?.toISOString() ?? null,
  };
}

async function adminView(ctx: AppContext, plan: PlanRow): Promise<AdminPlan> {
  const ids = new Set(plan.strategyId ? [plan.strategyId] : []);
  return toAdmin(plan, await strategyFigures(ctx, ids));
}

export async function adminPlans(ctx: AppContext): Promise<AdminPlan[]> {
  const rows = await repo.listAllPlans(ctx.db);
  const figures = await strategyFigures(
    ctx,
    new Set(rows.map((r) => r.strategyId).filter((id): id is string => id !== null)),
  );
  return rows.map((row) => toAdmin(row, figures));
}

export interface PlanInput {
  title?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  termDays?: number | undefined;
  strategyId?: string | undefined;
  performanceFeePct?: string | undefined;
  recommended?: boolean | undefined;
  sortOrder?: number | undefined;
}

async function checkStrategy(ctx: AppContext, strategyId: string | undefined): Promise<void> {
  if (strategyId && !(await strategyExists(ctx, strategyId))) {
    throw refusal('STRATEGY_NOT_FOUND', {}, 'strategyId');
  }
}

export async function createPlan(
  ctx: AppContext,
  admin: UserRow,
  input: Required<Omit<PlanInput, 'sortOrder'>> & { sortOrder: number },
  ip: string,
): Promise<AdminPlan> {
  await checkStrategy(ctx, input.strategyId);
  const plan = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertPlan(tx, {
      title: input.title,
      minCents: BigInt(input.min),
      maxCents: BigInt(input.max),
      termDays: input.termDays,
      strategyId: input.strategyId,
      performanceFeePct: input.performanceFeePct,
      recommended: input.recommended,
      sortOrder: input.sortOrder,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'plan.create',
      targetType: 'plan',
      targetId: row.id,
      ip,
      details: { ...input },
    });
    return row;
  });
  return adminView(ctx, plan);
}

export async function updatePlan(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  input: PlanInput,
  ip: string,
): Promise<AdminPlan> {
  await checkStrategy(ctx, input.strategyId);
  const plan = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockPlan(tx, id);
    if (!current) throw refusal('PLAN_NOT_FOUND');
    const min = input.min !== undefined ? BigInt(input.min) : current.minCents;
    const max = input.max !== undefined ? BigInt(input.max) : current.maxCents;
    if (max < min) throw refusal('PLAN_MAX_BELOW_MIN', {}, 'max');
    const row = await repo.updatePlan(tx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      minCents: min,
      maxCents: max,
      ...(input.termDays !== undefined ? { termDays: input.termDays } : {}),
      ...(input.strategyId !== undefined ? { strategyId: input.strategyId } : {}),
      ...(input.performanceFeePct !== undefined
        ? { performanceFeePct: input.performanceFeePct }
        : {}),
      ...(input.recommended !== undefined ? { recommended: input.recommended } : {}),
      ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}),
    });
    if (!row) throw refusal('PLAN_NOT_FOUND');
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'plan.update',
      targetType: 'plan',
      targetId: id,
      ip,
      details: { ...input },
    });
    return row;
  });
  return adminView(ctx, plan);
}

/** Retired plans take no new trades; running trades keep their terms. */
export async function retirePlan(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  ip: string,
): Promise<AdminPlan> {
  const plan = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockPlan(tx, id);
    if (!current) throw refusal('PLAN_NOT_FOUND');
    if (current.retiredAt) return current;
    const row = await repo.updatePlan(tx, id, { retiredAt: ctx.clock.now() });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'plan.retire',
      targetType: 'plan',
      targetId: id,
      ip,
    });
    return row ?? current;
  });
  return adminView(ctx, plan);
}

// For the copy-trading module: the plans table is this module's. ---------------------------------

/** Every plan's id, title and linked strategy. */
export function planLinks(db: DbOrTx) {
  return repo.planLinks(db);
}

/** Links a plan to a strategy (running trades keep the strategy they were opened on). */
export async function linkPlanToStrategy(
  db: DbOrTx,
  planId: string,
  strategyId: string,
): Promise<void> {
  await repo.updatePlan(db, planId, { strategyId });
}
