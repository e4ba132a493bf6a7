import { z } from 'zod';
import { rule } from '../rules';
import {
  centsSchema,
  idParamsSchema,
  refusalReasonSchema,
  requiredText,
  wholeNumber,
} from './common';
import { MARKET_SYMBOLS } from './market';
import { MONEY_MESSAGES, amountInCents } from './money';

/**
 * The lead-trader programme (issue 18): applying, the admin's review, and the terms of a lead
 * trader's strategy. Bounds the server and the forms both keep.
 */
export const TRADER_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TraderApplicationStatus = (typeof TRADER_APPLICATION_STATUSES)[number];

export const DISPLAY_NAME_MAX = 60;
export const BIO_MAX = 280;
export const EXPERIENCE_MAX = 2000;
export const STRATEGY_NAME_MAX = 80;
export const STRATEGY_DESCRIPTION_MAX = 1000;
/** How many strategies one lead trader may run (the database keeps it too). */
export const MAX_STRATEGIES_PER_TRADER = 1;
export const MAX_COPIERS_LIMIT = 100_000;

// Applying --------------------------------------------------------------------------------------

export const traderApplicationInputSchema = z.strictObject({
  displayName: requiredText(rule('DISPLAY_NAME_REQUIRED'), DISPLAY_NAME_MAX),
  bio: requiredText(rule('BIO_REQUIRED'), BIO_MAX),
  experience: requiredText(rule('EXPERIENCE_REQUIRED'), EXPERIENCE_MAX),
  acceptRules: z.literal(true, { error: rule('RULES_ACKNOWLEDGEMENT_REQUIRED') }),
});
export type TraderApplicationInput = z.input<typeof traderApplicationInputSchema>;

export const traderApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(TRADER_APPLICATION_STATUSES),
  displayName: z.string(),
  bio: z.string(),
  experience: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type TraderApplication = z.infer<typeof traderApplicationSchema>;

/** The caller's own latest application (null when they never applied) and whether they lead. */
export const myTraderApplicationSchema = z.object({
  application: traderApplicationSchema.nullable(),
  isTrader: z.boolean(),
});
export type MyTraderApplication = z.infer<typeof myTraderApplicationSchema>;

// The admin's review ----------------------------------------------------------------------------

export const traderApplicationQuerySchema = z.object({
  status: z.enum(TRADER_APPLICATION_STATUSES).default('pending'),
});

export const adminTraderApplicationSchema = traderApplicationSchema.extend({
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
});
export type AdminTraderApplication = z.infer<typeof adminTraderApplicationSchema>;
export const adminTraderApplicationListSchema = z.object({
  applications: z.array(adminTraderApplicationSchema),
});
export const adminTraderApplicationResponseSchema = z.object({
  application: adminTraderApplicationSchema,
});

export const traderApplicationDecisionSchema = z.strictObject({
  reason: refusalReasonSchema,
});
export type TraderApplicationDecision = z.input<typeof traderApplicationDecisionSchema>;

export const traderApplicationIdParamSchema = idParamsSchema(rule('APPLICATION_ID_INVALID'));

// A lead trader's strategy ----------------------------------------------------------------------

/** A fee as typed: a percentage with at most 2 decimals; the operator's bounds are the server's. */
export const feePctText = z
  .string({ error: rule('FEE_PCT_FORMAT') })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, rule('FEE_PCT_FORMAT'))
  .refine((v) => Number(v) <= 100, rule('FEE_PCT_FORMAT'));

const minCopy = amountInCents({
  required: rule('MINIMUM_REQUIRED'),
  invalid: MONEY_MESSAGES.validAmount,
  tooSmall: rule('MINIMUM_POSITIVE'),
  tooLarge: MONEY_MESSAGES.depositMax,
  minCents: 1,
  maxCents: 1_000_000_000,
});

const strategyTermsFields = {
  name: requiredText(rule('NAME_REQUIRED'), STRATEGY_NAME_MAX),
  description: requiredText(rule('DESCRIPTION_REQUIRED'), STRATEGY_DESCRIPTION_MAX),
  instruments: z
    .array(z.enum(MARKET_SYMBOLS, { error: rule('INSTRUMENTS_REQUIRED') }), {
      error: rule('INSTRUMENTS_REQUIRED'),
    })
    .min(1, rule('INSTRUMENTS_REQUIRED'))
    .max(MARKET_SYMBOLS.length, rule('INSTRUMENTS_REQUIRED'))
    .refine((list) => new Set(list).size === list.length, rule('INSTRUMENTS_REQUIRED')),
  performanceFeePct: feePctText,
  minCopy,
  maxCopiers: wholeNumber(1, MAX_COPIERS_LIMIT).nullable().default(null),
};

/** POST /api/trader/strategy: the approved trader's own strategy. */
export const createTraderStrategySchema = z.strictObject(strategyTermsFields);
export type CreateTraderStrategyInput = z.input<typeof createTraderStrategySchema>;

/** PATCH /api/trader/strategies/:id: the terms a lead trader may change later. */
export const updateTraderStrategySchema = z.strictObject({
  description: strategyTermsFields.description.optional(),
  instruments: strategyTermsFields.instruments.optional(),
  performanceFeePct: feePctText.optional(),
  minCopy: minCopy.optional(),
  maxCopiers: wholeNumber(1, MAX_COPIERS_LIMIT).nullable().optional(),
});
export type UpdateTraderStrategyInput = z.input<typeof updateTraderStrategySchema>;

/** POST /api/admin/strategies: an admin creates a strategy for a lead trader. */
export const adminCreateStrategySchema = z.strictObject({
  ...strategyTermsFields,
  userId: z.uuid({ error: rule('LEAD_TRADER_REQUIRED') }),
});
export type AdminCreateStrategyInput = z.input<typeof adminCreateStrategySchema>;

/** A strategy's terms as copiers and its trader see them. */
export const strategyTermsSchema = z.object({
  instruments: z.array(z.enum(MARKET_SYMBOLS)),
  /** Null: the plan's fee applies (demo strategies). */
  performanceFeePct: z.string().nullable(),
  minCopyCents: centsSchema,
  maxCopiers: z.number().int().nullable(),
  retired: z.boolean(),
});
export type StrategyTerms = z.infer<typeof strategyTermsSchema>;

/** The operator's bounds on lead traders' fees, and the programme's fixed limits. */
export const traderProgrammeSchema = z.object({
  feeMinPct: z.string(),
  feeMaxPct: z.string(),
  maxStrategies: z.number().int(),
  instruments: z.array(z.enum(MARKET_SYMBOLS)),
});
export type TraderProgramme = z.infer<typeof traderProgrammeSchema>;

export const traderFeeBoundsInputSchema = z
  .strictObject({ feeMinPct: feePctText, feeMaxPct: feePctText })
  .refine((b) => Number(b.feeMaxPct) >= Number(b.feeMinPct), {
    message: rule('FEE_BOUNDS_REVERSED'),
    path: ['feeMaxPct'],
  });
export type TraderFeeBoundsInput = z.input<typeof traderFeeBoundsInputSchema>;

/**
 * The trader's dashboard: aggregate figures about copiers (never who they are) and the fees the
 * ledger credited to the trader, per day (UTC), oldest first.
 */
export const traderDashboardSchema = z.object({
  strategyId: z.string(),
  terms: strategyTermsSchema,
  copiers: z.number().int(),
  aumCents: centsSchema,
  feesEarnedCents: centsSchema,
  feesByDay: z.array(z.object({ day: z.string(), feesCents: centsSchema })),
});
export type TraderDashboard = z.infer<typeof traderDashboardSchema>;
