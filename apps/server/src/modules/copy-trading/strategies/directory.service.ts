import type {
  DirectoryEntry,
  directoryQuerySchema,
  StrategyDirectory,
} from '@app/shared/schemas/strategies';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import { refusal } from '../../../http/errors';
import { traderDisplayNames } from '../../lead-traders';
import * as usersService from '../../users';
import { Dec, type InstrumentSymbol } from '../../market/domain';
import { positionsOf as positionsJsonOf, toState } from '../strategy-positions.repo';
import * as directoryRepo from './directory.repo';
import { positionsOf, termsOf, unitEquityOf } from './record.service';
import { strategyFiguresOf, type StrategyFigures } from './strategy-figures';
import { strategyPlans, type PlanLink } from './strategy-plans';

/** GET /api/strategies/directory's query, as the route's schema gives it. */
type DirectoryQuery = z.output<typeof directoryQuerySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY_TEXT: Record<directoryRepo.KeyKind, RegExp> = {
  numeric: /^(-?\d{1,40}(\.\d{1,40})?|-?Infinity)$/,
  timestamptz: /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z|infinity)$/,
};

/**
 * The cursor names its order (a cursor of one order read in another would skip or repeat
 * strategies) and the last row's key and id: base64url of `sort.window|key|id`.
 */
function encodeCursor(order: directoryRepo.DirectoryOrder, last: directoryRepo.DirectoryRow) {
  return Buffer.from(`${orderName(order)}|${last.key}|${last.row.id}`).toString('base64url');
}

function orderName({ sort, window }: directoryRepo.DirectoryOrder): string {
  return sort === 'return' ? `${sort}.${window}` : sort;
}

/** The position after which the page starts; a cursor this order did not make is refused. */
function decodeCursor(
  order: directoryRepo.DirectoryOrder,
  text: string | undefined,
): { key: string; id: string } | undefined {
  if (text === undefined) return undefined;
  const [name, key, id, ...rest] = Buffer.from(text, 'base64url').toString().split('|');
  const valid =
    rest.length === 0 &&
    name === orderName(order) &&
    key !== undefined &&
    KEY_TEXT[directoryRepo.keyKindOf(order.sort)].test(key) &&
    id !== undefined &&
    UUID.test(id);
  if (!valid) throw refusal('INVALID_CURSOR', {}, 'cursor');
  return { key, id };
}

/**
 * The directory (issue 43): one page of the strategies in the order asked, read from their
 * maintained figures (strategy_figures) by one indexed statement, so the answer's cost does not
 * grow with the number of strategies. Then, for the page's strategies only: what each holds at
 * today's prices, its lead trader's name and the plans that copy it. Each figure is the row the
 * strategy's page and cards state.
 */
export async function strategyDirectory(
  ctx: AppContext,
  query: DirectoryQuery,
): Promise<StrategyDirectory> {
  const order = { sort: query.sort, window: query.window };
  const rows = await directoryRepo.directoryPage(ctx.db, {
    order,
    paused: query.paused,
    after: decodeCursor(order, query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const now = ctx.clock.now();
  const ids = page.map(({ row }) => row.id);
  const traderIds = page.flatMap(({ row }) => (row.leadTraderId ? [row.leadTraderId] : []));
  const [figures, prices, accountNames, displayNames, plans] = await Promise.all([
    // The reader every list uses: a return whose window points the hour has turned past is
    // stated as the cards and the strategy's page state it (the sort used the stored key).
    strategyFiguresOf(ctx, ids),
    ctx.prices.current(now.getTime()),
    usersService.userNames(ctx, traderIds),
    traderDisplayNames(ctx, traderIds),
    strategyPlans().linksOf(ctx.db, ids),
  ]);
  // The name a lead trader chose when applying; the account name for one appointed before.
  const names = new Map([...accountNames, ...displayNames]);
  return {
    strategies: page.flatMap((row) => {
      const stated = figures.get(row.row.id);
      return stated ? [directoryEntry(row, stated, { prices, names, plans, now })] : [];
    }),
    nextCursor: rows.length > query.limit && last ? encodeCursor(order, last) : null,
  };
}

/** A strategy as the directory lists it: its row, its figures and its positions' weights. */
function directoryEntry(
  { row, positions }: directoryRepo.DirectoryRow,
  figures: StrategyFigures,
  facts: {
    prices: ReadonlyMap<InstrumentSymbol, string>;
    names: ReadonlyMap<string, string>;
    plans: readonly PlanLink[];
    now: Date;
  },
): DirectoryEntry {
  const state = toState(row, positionsJsonOf(positions));
  const equity = unitEquityOf(state, row, facts.prices);
  const trader = row.leadTraderId;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    runBy: trader ? 'trader' : 'demo',
    demoTrader: trader ? null : row.demoTrader,
    leadTraderName: trader ? (facts.names.get(trader) ?? null) : null,
    nav: row.nav,
    navAt: row.navAt?.toISOString() ?? null,
    paused: row.pausedAt !== null,
    terms: termsOf(row),
    returns: figures.returns,
    return30dPct: figures.returns['30d'],
    avgDailyReturnPct: figures.avgDailyReturnPct,
    maxDrawdownPct: figures.maxDrawdownPct,
    losingDays: figures.losingDays,
    copiers: figures.copiers,
    aumCents: Number(figures.aumCents),
    positions: positionsOf(state, equity, facts.prices, new Dec(0)).map((p) => ({
      symbol: p.symbol,
      side: p.side,
      weightPct: p.weightPct,
    })),
    // A record not begun yet: it begins now (and sorts last by age).
    startedAt: (figures.startedAt ?? facts.now).toISOString(),
    recordMaxDrawdownPct: figures.recordMaxDrawdownPct,
    riskScore: figures.riskScore,
    plans: facts.plans
      .filter((plan) => plan.strategyId === row.id)
      .map((plan) => ({ id: plan.id, title: plan.title })),
  };
}
