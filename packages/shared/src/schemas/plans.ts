import { z } from 'zod';
import { centsSchema, requiredText, wholeNumber } from './common';
import { MONEY_MESSAGES, amountInCents } from './money';
import { navPointSchema } from './strategies';
import { rule } from '../rules';

/**
 * The strategy a plan copies, with its past performance: computed from the stored NAV series,
 * dated by the series, never typed in.
 */
export const planStrategySchema = z.object({
  name: z.string(),
  return30dPct: z.string().nullable(),
  maxDrawdownPct: z.string().nullable(),
  // Added with the copy-trading issue. The server always sends them; they are optional in the
  // type only so that clients (and fixtures) written against the first shape keep compiling.
  id: z.string().optional(),
  /** 'demo': run by a built-in rule-based trader, and labelled a demo strategy wherever it is shown. */
  runBy: z.enum(['demo', 'trader']).optional(),
  /** Realised average daily return over the last 30 days; shown as past performance. */
  avgDailyReturnPct: z.string().nullable().optional(),
  copiers: z.number().int().optional(),
  aumCents: centsSchema.optional(),
  /** One point per day over the last 30 days, oldest first, for the card's small chart. */
  navSeries: z.array(navPointSchema).optional(),
  paused: z.boolean().optional(),
  /** A lead trader's own fee (issue 18), which every plan offering the strategy charges. */
  performanceFeePct: z.string().nullable().optional(),
  minCopyCents: centsSchema.optional(),
  retired: z.boolean().optional(),
});
export type PlanStrategy = z.infer<typeof planStrategySchema>;

/**
 * Why a listed plan takes no new copies: its strategy is retired (copies already open keep
 * running until their owners close them), or its strategy's minimum copy amount is now above the
 * plan's maximum (the lead trader raised it).
 */
export const PLAN_CLOSED_REASONS = ['strategy_retired', 'strategy_min_above_max'] as const;
export type PlanClosedReason = (typeof PLAN_CLOSED_REASONS)[number];

/**
 * A plan as the public sees it; strategy figures are historical and computed, never typed in. Its
 * terms are the ones that apply: the minimum is the higher of the plan's and the strategy's
 * minimum copy amount, the fee the strategy's when its lead trader sets one.
 */
export const publicPlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  minCents: centsSchema,
  maxCents: centsSchema,
  termDays: z.number().int(),
  recommended: z.boolean(),
  performanceFeePct: z.string(),
  strategy: planStrategySchema.nullable(),
  /** Null (or absent) while the plan takes new copies; else why not. The server always sends it. */
  closed: z.enum(PLAN_CLOSED_REASONS).nullable().optional(),
});
export type PublicPlan = z.infer<typeof publicPlanSchema>;
export const publicPlanListSchema = z.object({ plans: z.array(publicPlanSchema) });

// Admin -----------------------------------------------------------------------------------------

const planAmount = (field: 'MINIMUM' | 'MAXIMUM') =>
  amountInCents({
    required: rule(`${field}_REQUIRED`),
    invalid: MONEY_MESSAGES.validAmount,
    tooSmall: rule(`${field}_POSITIVE`),
    tooLarge: MONEY_MESSAGES.depositMax,
    minCents: 1,
    maxCents: 1_000_000_000,
  });

const feePct = z
  .string({ error: rule('PERFORMANCE_FEE_RANGE') })
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, rule('PERFORMANCE_FEE_RANGE'))
  .refine((v) => Number(v) <= 50, rule('PERFORMANCE_FEE_RANGE'));

const planFields = {
  title: requiredText(rule('TITLE_REQUIRED'), 40),
  min: planAmount('MINIMUM'),
  max: planAmount('MAXIMUM'),
  termDays: z
    .number({ error: rule('TERM_RANGE') })
    .int(rule('TERM_RANGE'))
    .min(1, rule('TERM_RANGE'))
    .max(3650, rule('TERM_RANGE')),
  strategyId: z.uuid({ error: rule('STRATEGY_REQUIRED') }),
  /**
   * The plan's own fee, for a strategy without one (a demo strategy); a lead trader's strategy
   * charges its trader's fee and refuses one here (PLAN_FEE_SET_BY_STRATEGY). Absent: 0.
   */
  performanceFeePct: feePct.optional(),
  recommended: z.boolean().default(false),
  sortOrder: wholeNumber(0, 1000).default(0),
};

export const createPlanSchema = z.strictObject(planFields).refine((p) => p.max >= p.min, {
  message: rule('MAXIMUM_BELOW_MINIMUM'),
  path: ['max'],
});
export type CreatePlanInput = z.input<typeof createPlanSchema>;

export const updatePlanSchema = z.strictObject({
  title: planFields.title.optional(),
  min: planAmount('MINIMUM').optional(),
  max: planAmount('MAXIMUM').optional(),
  termDays: planFields.termDays.optional(),
  strategyId: planFields.strategyId.optional(),
  performanceFeePct: feePct.optional(),
  recommended: z.boolean().optional(),
  sortOrder: wholeNumber(0, 1000).optional(),
});
export type UpdatePlanInput = z.input<typeof updatePlanSchema>;

/** The admin's view: `minCents` is the plan's own minimum (the public view shows the effective one). */
export const adminPlanSchema = publicPlanSchema.extend({
  strategyId: z.string().nullable(),
  sortOrder: z.number().int(),
  retiredAt: z.string().nullable(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlanResponseSchema = z.object({ plan: adminPlanSchema });
export const adminPlanListSchema = z.object({ plans: z.array(adminPlanSchema) });

// The terms a plan and its strategy share ------------------------------------------------------

/** What a plan takes from the strategy it copies. */
export interface PlanStrategyTerms {
  minCopyCents: number;
  /** The lead trader's fee; null: the strategy has none, and the plan's own fee applies. */
  performanceFeePct: string | null;
  retired: boolean;
}

export type PlanTermsProblem =
  | { code: 'STRATEGY_RETIRED'; params: Record<string, never>; field: 'strategyId' }
  | { code: 'PLAN_MIN_BELOW_STRATEGY_MIN'; params: { minCents: number }; field: 'min' }
  | { code: 'PLAN_FEE_SET_BY_STRATEGY'; params: { feePct: string }; field: 'performanceFeePct' };

/**
 * Whether a plan may be saved on a strategy, one term at a time, each only when it is being set
 * (`undefined`: not part of this save): a retired strategy takes no new plan; the plan's minimum
 * is at least the strategy's minimum copy amount (an investor must be able to invest the plan's
 * minimum); a strategy whose lead trader sets the fee takes no other fee from the plan. Used by
 * the server when it saves and by the admin's form before it sends.
 */
export function planTermsProblem(
  plan: {
    linking: boolean;
    minCents?: number | undefined;
    performanceFeePct?: string | undefined;
  },
  strategy: PlanStrategyTerms,
): PlanTermsProblem | null {
  if (plan.linking && strategy.retired) {
    return { code: 'STRATEGY_RETIRED', params: {}, field: 'strategyId' };
  }
  if (plan.minCents !== undefined && plan.minCents < strategy.minCopyCents) {
    return {
      code: 'PLAN_MIN_BELOW_STRATEGY_MIN',
      params: { minCents: strategy.minCopyCents },
      field: 'min',
    };
  }
  const fee = plan.performanceFeePct?.trim();
  if (
    fee !== undefined &&
    strategy.performanceFeePct !== null &&
    Number(fee).toFixed(2) !== Number(strategy.performanceFeePct).toFixed(2)
  ) {
    return {
      code: 'PLAN_FEE_SET_BY_STRATEGY',
      params: { feePct: strategy.performanceFeePct },
      field: 'performanceFeePct',
    };
  }
  return null;
}

/** The minimum an investor can invest in a plan: the higher of the plan's and the strategy's. */
export function effectivePlanMinCents(planMinCents: number, strategyMinCopyCents: number): number {
  return Math.max(planMinCents, strategyMinCopyCents);
}
