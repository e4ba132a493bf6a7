import {
  effectivePlanMinCents,
  planTermsProblem,
  type AdminPlan,
  type PlanClosedReason,
  type PlanStrategy,
  type PublicPlan,
} from '@app/shared/schemas/plans';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { recordAudit } from '../audit';
import { dailyNavSeries, listStrategies, strategyTermsForPlan } from '../copy-trading';
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

/** Why the plan takes no new copies now, or null (see PLAN_CLOSED_REASONS). */
function closedReason(plan: PlanRow, strategy: PlanStrategy | undefined): PlanClosedReason | null {
  if (!strategy) return null;
  if (strategy.retired) return 'strategy_retired';
  if ((strategy.minCopyCents ?? 0) > Number(plan.maxCents)) return 'strategy_min_above_max';
  return null;
}

/**
 * A plan with the terms that apply: the strategy's minimum copy amount when it is above the
 * plan's (a lead trader may raise it after the plan was saved; the invest path checks both), and
 * the lead trader's fee when the strategy has one (trades.service charges it).
 */
function toPublic(plan: PlanRow, figures: Map<string, PlanStrategy>): PublicPlan {
  const strategy = plan.strategyId ? figures.get(plan.strategyId) : undefined;
  return {
    id: plan.id,
    title: plan.title,
    minCents: effectivePlanMinCents(Number(plan.minCents), strategy?.minCopyCents ?? 0),
    maxCents: Number(plan.maxCents),
    termDays: plan.termDays,
    recommended: plan.recommended,
    // A lead trader's strategy carries its own fee, which the plan charges (trades.service).
    performanceFeePct:
      (plan.strategyId ? figures.get(plan.strategyId)?.performanceFeePct : null) ??
      plan.performanceFeePct,
    strategy: strategy ?? null,
    closed: closedReason(plan, strategy),
  };
}

/** The figures of the strategies these plans are linked to. */
function figuresOfLinked(ctx: AppContext, plans: PlanRow[]) {
  return strategyFigures(
    ctx,
    new Set(plans.map((p) => p.strategyId).filter((id): id is string => id !== null)),
  );
}

export async function publicPlans(ctx: AppContext): Promise<PublicPlan[]> {
  const rows = await repo.listActivePlans(ctx.db);
  const figures = await figuresOfLinked(ctx, rows);
  return rows.map((row) => toPublic(row, figures));
}

function toAdmin(plan: PlanRow, figures: Map<string, PlanStrategy>): AdminPlan {
  return {
    ...toPublic(plan, figures),
    // The form edits the plan's own minimum; `strategy.minCopyCents` says what applies above it.
    minCents: Number(plan.minCents),
    strategyId: plan.strategyId,
    sortOrder: plan.sortOrder,
    retiredAt: plan.retiredAt?.toISOString() ?? null,
  };
}

async function adminView(ctx: AppContext, plan: PlanRow): Promise<AdminPlan> {
  return toAdmin(plan, await figuresOfLinked(ctx, [plan]));
}

export async function adminPlans(ctx: AppContext): Promise<AdminPlan[]> {
  const rows = await repo.listAllPlans(ctx.db);
  const figures = await figuresOfLinked(ctx, rows);
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

/**
 * The plan's terms against its strategy's (planTermsProblem), each checked when this save sets it:
 * a refusal names the field. `current` is the plan being changed (undefined: a new plan).
 */
async function checkTerms(
  db: DbOrTx,
  input: PlanInput,
  current: PlanRow | undefined,
): Promise<void> {
  const strategyId = input.strategyId ?? current?.strategyId ?? undefined;
  if (!strategyId) return;
  const terms = await strategyTermsForPlan(db, strategyId);
  if (!terms) throw refusal('STRATEGY_NOT_FOUND', {}, 'strategyId');
  const linking = input.strategyId !== undefined && input.strategyId !== current?.strategyId;
  const problem = planTermsProblem(
    {
      linking,
      // A new link, or a new minimum, is checked against the strategy's minimum copy amount.
      minCents:
        input.min !== undefined ? input.min : linking ? Number(current?.minCents) : undefined,
      performanceFeePct: input.performanceFeePct,
    },
    terms,
  );
  if (problem) throw refusal<typeof problem.code>(problem.code, problem.params, problem.field);
}

/** The audit line of an admin's change to a plan, in the change's transaction. */
function auditPlan(
  tx: DbOrTx,
  actor: { adminId: string; ip: string },
  action: 'plan.create' | 'plan.update' | 'plan.retire',
  planId: string,
  details?: Record<string, unknown>,
): Promise<void> {
  return recordAudit(tx, {
    actorId: actor.adminId,
    action,
    targetType: 'plan',
    targetId: planId,
    ip: actor.ip,
    ...(details ? { details } : {}),
  });
}

export async function createPlan(
  ctx: AppContext,
  admin: UserRow,
  input: Required<Omit<PlanInput, 'sortOrder' | 'performanceFeePct'>> & {
    sortOrder: number;
    performanceFeePct?: string | undefined;
  },
  ip: string,
): Promise<AdminPlan> {
  const plan = await ctx.db.transaction(async (tx) => {
    await checkTerms(tx, input, undefined);
    const row = await repo.insertPlan(tx, {
      title: input.title,
      minCents: BigInt(input.min),
      maxCents: BigInt(input.max),
      termDays: input.termDays,
      strategyId: input.strategyId,
      performanceFeePct: input.performanceFeePct ?? '0',
      recommended: input.recommended,
      sortOrder: input.sortOrder,
    });
    await auditPlan(tx, { adminId: admin.id, ip }, 'plan.create', row.id, { ...input });
    return row;
  });
  return adminView(ctx, plan);
}

/** Changes a plan under its row lock, in one transaction; answers it as the admin sees it. */
async function changeLockedPlan(
  ctx: AppContext,
  id: string,
  change: (tx: DbOrTx, current: PlanRow) => Promise<PlanRow>,
): Promise<AdminPlan> {
  const plan = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockPlan(tx, id);
    if (!current) throw refusal('PLAN_NOT_FOUND');
    return change(tx, current);
  });
  return adminView(ctx, plan);
}

export function updatePlan(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  input: PlanInput,
  ip: string,
): Promise<AdminPlan> {
  return changeLockedPlan(ctx, id, async (tx, current) => {
    await checkTerms(tx, input, current);
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
    await auditPlan(tx, { adminId: admin.id, ip }, 'plan.update', id, { ...input });
    return row;
  });
}

/** Retired plans take no new trades; running trades keep their terms. */
export function retirePlan(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  ip: string,
): Promise<AdminPlan> {
  return changeLockedPlan(ctx, id, async (tx, current) => {
    if (current.retiredAt) return current;
    const row = await repo.updatePlan(tx, id, { retiredAt: ctx.clock.now() });
    await auditPlan(tx, { adminId: admin.id, ip }, 'plan.retire', id);
    return row ?? current;
  });
}
