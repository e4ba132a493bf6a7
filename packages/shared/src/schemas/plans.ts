import { z } from 'zod';
import { atMostCharacters, wholeNumber } from './common';
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
  aumCents: z.number().int().optional(),
  /** One point per day over the last 30 days, oldest first, for the card's small chart. */
  navSeries: z.array(navPointSchema).optional(),
  paused: z.boolean().optional(),
  /** A lead trader's own fee (issue 18), which every plan offering the strategy charges. */
  performanceFeePct: z.string().nullable().optional(),
  minCopyCents: z.number().int().optional(),
  retired: z.boolean().optional(),
});
export type PlanStrategy = z.infer<typeof planStrategySchema>;

/** A plan as the public sees it; strategy figures are historical and computed, never typed in. */
export const publicPlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  minCents: z.number().int(),
  maxCents: z.number().int(),
  termDays: z.number().int(),
  recommended: z.boolean(),
  performanceFeePct: z.string(),
  strategy: planStrategySchema.nullable(),
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
  title: z
    .string({ error: rule('TITLE_REQUIRED') })
    .trim()
    .min(1, rule('TITLE_REQUIRED'))
    .max(40, atMostCharacters(40)),
  min: planAmount('MINIMUM'),
  max: planAmount('MAXIMUM'),
  termDays: z
    .number({ error: rule('TERM_RANGE') })
    .int(rule('TERM_RANGE'))
    .min(1, rule('TERM_RANGE'))
    .max(3650, rule('TERM_RANGE')),
  strategyId: z.uuid({ error: rule('STRATEGY_REQUIRED') }),
  performanceFeePct: feePct.default('0'),
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

export const adminPlanSchema = publicPlanSchema.extend({
  strategyId: z.string().nullable(),
  sortOrder: z.number().int(),
  retiredAt: z.string().nullable(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlanResponseSchema = z.object({ plan: adminPlanSchema });
export const adminPlanListSchema = z.object({ plans: z.array(adminPlanSchema) });
