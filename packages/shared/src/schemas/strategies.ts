import { z } from 'zod';
import { centsSchema, idParamsSchema, wholeNumberParam } from './common';
import { cursorParam } from './pages';
import { DEFAULT_RETURN_WINDOW, RETURN_WINDOWS } from '../return-windows';
import { strategyTermsSchema } from './lead-traders';
import { MARKET_SYMBOLS, marketSymbolSchema } from './market';
import { rule } from '../rules';

/** One point of a NAV series (NAV per unit as exact decimal text). */
export const navPointSchema = z.object({ at: z.string(), nav: z.string() });
export type NavPoint = z.infer<typeof navPointSchema>;

/**
 * Past performance, computed from the stored NAV series (never typed in). Percentages are decimal
 * text with 2 decimals; null while the history is too short to tell.
 */
export const strategyFiguresSchema = z.object({
  return30dPct: z.string().nullable(),
  /** Realised average daily return over the last 30 days (past performance, never a promise). */
  avgDailyReturnPct: z.string().nullable(),
  /** Largest fall from a peak in the window, as a positive number ("12.50" = −12.5 %). */
  maxDrawdownPct: z.string().nullable(),
  losingDays: z.number().int(),
  /** Followers with an open trade. */
  copiers: z.number().int(),
  /** The strategy's equity in whole cents. */
  aumCents: centsSchema,
});

export const positionViewSchema = z.object({
  symbol: z.enum(MARKET_SYMBOLS),
  side: z.enum(['long', 'short']),
  /** Share of the strategy's equity, in %, 2 decimals. */
  weightPct: z.string(),
});

/** The built-in rule-based traders that run the demo strategies. */
export const DEMO_TRADER_IDS = [
  'trend-following',
  'mean-reversion',
  'majors-basket',
  'bitcoin-reserve',
] as const;
export type DemoTraderId = (typeof DEMO_TRADER_IDS)[number];

/**
 * What each demo strategy does, in English: stored as the strategy's description when a fresh
 * install seeds it; the web's `strategies` locale words the same in every language (a test keeps
 * its English equal to these).
 */
export const DEMO_TRADER_DESCRIPTIONS: Record<DemoTraderId, string> = {
  'trend-following': 'Follows BTC and ETH trends: 6h/24h moving-average crossover, long or short.',
  'mean-reversion': 'Trades SOL and XRP back towards their 24h average (z-score 1.5 in, 0.25 out).',
  'majors-basket': 'Equal-weight BTC, ETH and BNB, rebalanced daily.',
  'bitcoin-reserve': 'Half in BTC, half in cash, rebalanced weekly.',
};

export const strategySchema = strategyFiguresSchema.extend({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** 'demo' = run by a built-in rule-based trader; 'trader' = a lead trader. */
  runBy: z.enum(['demo', 'trader']),
  /**
   * Which built-in trader runs a demo strategy (null for a lead trader's): the web words its
   * description in the reader's language by this key; `description` is the English one.
   * Optional in the type so fixtures written against the first shape keep compiling.
   */
  demoTrader: z.enum(DEMO_TRADER_IDS).nullable().optional(),
  leadTraderName: z.string().nullable(),
  nav: z.string(),
  navAt: z.string().nullable(),
  paused: z.boolean(),
  positions: z.array(positionViewSchema),
  /**
   * The lead trader's terms (issue 18). The server always sends them; optional in the type so
   * clients and fixtures written against the first shape keep compiling.
   */
  terms: strategyTermsSchema.optional(),
});
export type Strategy = z.infer<typeof strategySchema>;
export const strategyListSchema = z.object({ strategies: z.array(strategySchema) });
export type StrategyList = z.infer<typeof strategyListSchema>;

export const navSeriesQuerySchema = z.object({
  days: z.coerce
    .number({ error: rule('DAYS_RANGE') })
    .int(rule('DAYS_RANGE'))
    .min(1, rule('DAYS_RANGE'))
    .max(365, rule('DAYS_RANGE'))
    .default(30),
});
export const navSeriesSchema = z.object({
  strategyId: z.string(),
  /**
   * At most one point per hour (its last NAV), oldest first; beyond the 31 days the history keeps
   * hourly, the few hourly NAVs each day keeps (docs/strategy-record.md).
   */
  points: z.array(navPointSchema),
});
export type NavSeries = z.infer<typeof navSeriesSchema>;

/** A percentage with 2 decimals as text ("12.50"), or null when the record cannot support it yet. */
const recordPct = z.string().nullable();

/** GET /api/strategies/:id/record — the strategy's whole record (docs/strategy-record.md). */
export const strategyRecordSchema = z.object({
  strategyId: z.string(),
  asOf: z.string(),
  /**
   * The return over each window (return-windows.ts: latest NAV ÷ NAV of the last point at or before
   * the window's start, − 1); null when the record does not reach back to the window's start.
   */
  returns: z.object({
    '7d': recordPct,
    '30d': recordPct,
    '90d': recordPct,
    '1y': recordPct,
    all: recordPct,
  }),
  /**
   * The point each window's return is measured from (null with its return): the NAV chart of a
   * window starts there and ends at `latestNav`, so the line's change is the return beside it.
   */
  windowStarts: z.object({
    '7d': navPointSchema.nullable(),
    '30d': navPointSchema.nullable(),
    '90d': navPointSchema.nullable(),
    '1y': navPointSchema.nullable(),
    all: navPointSchema.nullable(),
  }),
  /** The latest NAV the returns are measured to (null without any return). */
  latestNav: navPointSchema.nullable(),
  /** Each day's last NAV since the record began, oldest first (the NAV chart's longer ranges). */
  navHistory: z.array(navPointSchema),
  monthly: z.array(z.object({ month: z.string(), returnPct: z.string(), partial: z.boolean() })),
  maxDrawdownPct: recordPct,
  /**
   * Below the highest NAV so far: each UTC day's deepest point of the hourly NAV, oldest first (its
   * lowest point is `maxDrawdownPct`).
   */
  drawdown: z.array(z.object({ at: z.string(), drawdownPct: z.string() })),
  risk: z.object({
    annualVolatilityPct: recordPct,
    sharpeRatio: recordPct,
    /** 1 (calmest) to 10. */
    riskScore: z.number().int().nullable(),
    dailyReturnCount: z.number().int(),
  }),
  closedPositions: z.object({
    count: z.number().int(),
    winRatePct: recordPct,
    averageWinPct: recordPct,
    averageLossPct: recordPct,
  }),
  copierOutcomes: z.object({
    opened: z.number().int(),
    closed: z.number().int(),
    profitableSharePct: recordPct,
    lowerQuartilePct: recordPct,
    medianPct: recordPct,
    upperQuartilePct: recordPct,
  }),
  /** Copies open and the money copying it (cents) at each day's last NAV, oldest first. */
  copying: z.array(z.object({ at: z.string(), copiers: z.number().int(), aumCents: centsSchema })),
});
export type StrategyRecord = z.infer<typeof strategyRecordSchema>;

/** GET /api/strategies/directory — every strategy with the headline figures of its record. */
export const directoryEntrySchema = strategySchema.extend({
  /** When its record begins. */
  startedAt: z.string(),
  returns: strategyRecordSchema.shape.returns,
  /** Over the whole record. */
  recordMaxDrawdownPct: z.string().nullable(),
  /** 1 (calmest) to 10. */
  riskScore: z.number().int().nullable(),
  /** The plans that copy it. */
  plans: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

/**
 * The directory's orders: highest return (over `window`), smallest fall, lowest risk, most
 * copiers or money, longest record first. A strategy without the figure yet comes last.
 */
export const DIRECTORY_SORTS = ['return', 'drawdown', 'risk', 'copiers', 'aum', 'age'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const DIRECTORY_PAGE_MAX = 50;

/**
 * GET /api/strategies/directory?sort=&window=&paused=&limit=&cursor= — one page of the directory
 * in the order asked (issue 43: sorted and filtered on the server, a page at a time, so the answer
 * does not grow with the number of strategies). `cursor` is the previous page's `nextCursor`.
 */
export const directoryQuerySchema = z.object({
  sort: z.enum(DIRECTORY_SORTS).default('return'),
  window: z.enum(RETURN_WINDOWS).default(DEFAULT_RETURN_WINDOW),
  /**
   * Paused strategies are listed unless `paused=false` ("every strategy … including paused ones",
   * as the page says). Retired ones are listed, as the directory always listed them (with their
   * badge): a record does not leave the directory when it stops.
   */
  paused: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  limit: wholeNumberParam(1, DIRECTORY_PAGE_MAX).default(20),
  cursor: cursorParam,
});
export type DirectoryQuery = z.input<typeof directoryQuerySchema>;

export const strategyDirectorySchema = z.object({
  strategies: z.array(directoryEntrySchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type StrategyDirectory = z.infer<typeof strategyDirectorySchema>;

const ORDERS_BEFORE_MESSAGE = rule('BEFORE_ORDER_NUMBER');
const ORDERS_LIMIT_MESSAGE = rule('LIMIT_RANGE', { min: 1, max: 100 });

/** GET /api/strategies/:id/orders?before=&limit= — the order log, newest first. */
export const strategyOrdersQuerySchema = z.object({
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, ORDERS_BEFORE_MESSAGE)
    .optional(),
  limit: z.coerce
    .number({ error: ORDERS_LIMIT_MESSAGE })
    .int(ORDERS_LIMIT_MESSAGE)
    .min(1, ORDERS_LIMIT_MESSAGE)
    .max(100, ORDERS_LIMIT_MESSAGE)
    .default(50),
});

export const strategyOrderSchema = z.object({
  /** The fill's number: pass the last one as `before` for the next page. */
  id: z.string(),
  at: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  /** Whether the fill grew the position or reduced (or closed) it. */
  change: z.enum(['increase', 'reduce']),
  /** Per unit of the strategy; null for fills of the pooled strategy before units existed. */
  quantityPerUnit: z.string().nullable(),
  price: z.string(),
  /** Realised by a reduction, per unit; null when the position grew or before units existed. */
  realisedPnlPerUnit: z.string().nullable(),
});
export type StrategyOrder = z.infer<typeof strategyOrderSchema>;
export const strategyOrdersSchema = z.object({
  orders: z.array(strategyOrderSchema),
  /** `before` for the next (older) page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type StrategyOrders = z.infer<typeof strategyOrdersSchema>;

export const strategyIdParamSchema = idParamsSchema(rule('STRATEGY_ID_INVALID'));

// Lead trader -----------------------------------------------------------------------------------

const WEIGHT_MESSAGE = rule('TARGET_WEIGHT_RANGE');

/**
 * An order: hold `targetWeight` % of the strategy's equity in `symbol` on `side` (0 closes it).
 * There is no price field: the server fills at its own market price.
 */
export const traderOrderSchema = z.strictObject(
  {
    symbol: marketSymbolSchema,
    side: z.enum(['long', 'short'], { error: rule('SIDE_INVALID') }),
    targetWeight: z
      .string({ error: WEIGHT_MESSAGE })
      .trim()
      .regex(/^\d{1,3}(\.\d{1,4})?$/, WEIGHT_MESSAGE),
  },
  { error: rule('ORDER_UNKNOWN_FIELD') },
);
export type TraderOrderInput = z.input<typeof traderOrderSchema>;

/**
 * A position on the lead trader's desk, per unit (what each strategy unit holds; its weight, the
 * same as the public page's) and at the strategy's current size (`unitsOutstanding` units).
 */
export const traderPositionSchema = z.object({
  symbol: z.enum(MARKET_SYMBOLS),
  side: z.enum(['long', 'short']),
  /** Instrument units per strategy unit, exact decimal text. */
  quantityPerUnit: z.string(),
  /** Instrument units at the current size. */
  quantity: z.string(),
  entryPrice: z.string(),
  price: z.string(),
  /** Share of the NAV (one unit's equity), in %, 2 decimals: the same at every size. */
  weightPct: z.string(),
  /** Gross exposure at the current size (quantity × price), whole cents. */
  valueCents: centsSchema,
  /** Unrealised profit or loss at the current size in USD, 2 decimals. */
  unrealisedPnl: z.string(),
});

export const fillViewSchema = z.object({
  symbol: z.enum(MARKET_SYMBOLS),
  side: z.enum(['long', 'short']),
  quantityDelta: z.string(),
  /** true: the quantity is what one unit bought or sold; false: the whole pool's (before 0015). */
  perUnit: z.boolean(),
  price: z.string(),
  realisedPnl: z.string(),
  reason: z.enum(['order', 'demo', 'subscription', 'redemption']),
  at: z.string(),
});

export const traderStrategySchema = z.object({
  strategy: strategySchema,
  /** Cash and equity at the current size, USD with 2 decimals (equity = NAV × units). */
  cash: z.string(),
  equity: z.string(),
  /** The current size: units of the open copies plus the operator's seed units. */
  unitsOutstanding: z.string(),
  positions: z.array(traderPositionSchema),
  fills: z.array(fillViewSchema),
});
export type TraderStrategy = z.infer<typeof traderStrategySchema>;

/** One fill of the order just placed, per unit of the strategy (quantity signed: + grew, - shrank). */
export const orderFillSchema = z.object({
  symbol: z.enum(MARKET_SYMBOLS),
  side: z.enum(['long', 'short']),
  quantityDelta: z.string(),
  price: z.string(),
});
export type OrderFill = z.infer<typeof orderFillSchema>;

/**
 * POST /api/trader/orders: the desk after the order, and what the order filled (at least one fill:
 * an order that would fill nothing is refused, ORDER_CHANGES_NOTHING).
 */
export const traderOrderResultSchema = traderStrategySchema.extend({
  filled: z.array(orderFillSchema).min(1),
});
export type TraderOrderResult = z.infer<typeof traderOrderResultSchema>;

// Admin -----------------------------------------------------------------------------------------

export const leadTraderInputSchema = z.strictObject({
  userId: z.uuid({ error: rule('USER_ID_OR_NULL') }).nullable(),
});
export const adminStrategySchema = strategySchema.extend({ leadTraderId: z.string().nullable() });
export const adminStrategyListSchema = z.object({ strategies: z.array(adminStrategySchema) });
