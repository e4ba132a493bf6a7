import type { PlanStrategyTerms } from '@app/shared/schemas/plans';
import {
  MAX_STRATEGIES_PER_TRADER,
  type TraderDashboard,
  type TraderProgramme,
} from '@app/shared/schemas/lead-traders';
import { ENTRY_KINDS } from '@app/shared/schemas/kinds';
import { MARKET_SYMBOLS } from '@app/shared/schemas/market';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { userCreditsByDay } from '../../ledger';
import { traderFeeBounds } from '../../settings';
import * as usersService from '../../users';
import { refusal } from '../../../http/errors';
import { recordAudit } from '../../audit';
import { type InstrumentSymbol } from '../../market/domain';
import { feeWithinBounds } from '../domain';
import type { StrategyRow } from '../copy-trading.schema';
import * as repo from './strategies.repo';
import { requireLeadTraderInStanding } from '../../lead-traders';
import { summarise, termsOf } from './record.service';
import * as recordRepo from './record.repo';

/** The terms a plan takes from the strategy it links to, or undefined when there is no such one. */
export async function strategyTermsForPlan(
  db: DbOrTx,
  id: string,
): Promise<PlanStrategyTerms | undefined> {
  const row = await repo.findStrategy(db, id);
  if (!row) return undefined;
  return {
    minCopyCents: Number(row.minCopyCents),
    performanceFeePct: row.performanceFeePct,
    retired: row.retiredAt !== null,
  };
}

export interface StrategyTermsInput {
  name: string;
  description: string;
  instruments: InstrumentSymbol[];
  performanceFeePct: string;
  /** Minimum copy amount, cents. */
  minCopy: number;
  maxCopiers: number | null;
}

/** The fee as stored, or a refusal naming the operator's bounds (field performanceFeePct). */
async function boundedFee(db: DbOrTx, feePct: string): Promise<string> {
  const bounds = await traderFeeBounds(db);
  const fee = feeWithinBounds(feePct, bounds);
  if (fee === null) {
    throw refusal(
      'PERFORMANCE_FEE_OUTSIDE_BOUNDS',
      { minPct: bounds.feeMinPct, maxPct: bounds.feeMaxPct },
      'performanceFeePct',
    );
  }
  return fee;
}

/** What a lead trader may set, for their forms: the operator's fee bounds and fixed limits. */
export async function traderProgramme(ctx: AppContext): Promise<TraderProgramme> {
  return {
    ...(await traderFeeBounds(ctx.db)),
    maxStrategies: MAX_STRATEGIES_PER_TRADER,
    instruments: [...MARKET_SYMBOLS],
  };
}

/**
 * A lead trader's own strategy, created by the trader or by an admin for them: it starts at NAV 1
 * with nothing but cash, on the terms given (fee within the operator's bounds). At most
 * MAX_STRATEGIES_PER_TRADER per trader, retired ones included; the refusal names `userId` (the
 * user row is locked, so two requests cannot both pass; the database's unique index holds it too).
 * Audited. Returns the new strategy's id.
 */
export async function createLeadStrategy(
  ctx: AppContext,
  actor: { id: string; ip: string },
  traderId: string,
  input: StrategyTermsInput,
): Promise<string> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const trader = await usersService.lockLiveUser(tx, traderId);
    if (!trader) throw refusal('USER_NOT_FOUND', {}, 'userId');
    // Only someone the programme approved (or an admin made a lead trader) runs a strategy.
    if (!trader.isTrader) throw refusal('NOT_A_LEAD_TRADER', {}, 'userId');
    // Retired strategies count: a trader cannot retire a record and start a clean one.
    if ((await repo.strategyCountOfTrader(tx, traderId)) >= MAX_STRATEGIES_PER_TRADER) {
      throw refusal('STRATEGY_LIMIT_REACHED', { max: MAX_STRATEGIES_PER_TRADER }, 'userId');
    }
    const fee = await boundedFee(tx, input.performanceFeePct);
    const row = await repo.insertStrategy(tx, {
      name: input.name,
      description: input.description,
      leadTraderId: traderId,
      allowedInstruments: input.instruments,
      performanceFeePct: fee,
      minCopyCents: BigInt(input.minCopy),
      maxCopiers: input.maxCopiers,
      cashPerUnit: '1',
      nav: '1',
      navAt: now,
      createdAt: now,
    });
    await recordRepo.insertNavSeries(tx, row.id, [{ at: now.getTime(), nav: '1' }]);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'strategy.created',
      targetType: 'strategy',
      targetId: row.id,
      ip: actor.ip,
      details: {
        leadTraderId: traderId,
        performanceFeePct: fee,
        minCopyCents: String(input.minCopy),
        maxCopiers: input.maxCopiers,
        instruments: input.instruments,
      },
    });
    return row.id;
  });
}

/** POST /api/trader/strategy: the approved lead trader creates their own strategy. */
export async function createTraderStrategy(
  ctx: AppContext,
  user: UserRow,
  input: StrategyTermsInput,
  ip: string,
): Promise<TraderDashboard> {
  requireLeadTraderInStanding(user);
  await createLeadStrategy(ctx, { id: user.id, ip }, user.id, input);
  return traderDashboard(ctx, user);
}

/**
 * PATCH /api/trader/strategies/:id: the trader changes their terms; a new fee applies to copies
 * opened from now on (each open copy keeps the fee it opened with). Another trader's strategy is
 * "not found", so nobody learns which ids exist.
 */
export async function updateTraderStrategy(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: Partial<Omit<StrategyTermsInput, 'name'>>,
  ip: string,
): Promise<TraderDashboard> {
  requireLeadTraderInStanding(user);
  await ctx.db.transaction(async (tx) => {
    const loaded = await repo.loadStrategyState(tx, id, { lock: true });
    if (!loaded || loaded.row.leadTraderId !== user.id) throw refusal('STRATEGY_NOT_FOUND');
    if (loaded.row.retiredAt) throw refusal('STRATEGY_RETIRED');
    const fee =
      input.performanceFeePct === undefined
        ? undefined
        : await boundedFee(tx, input.performanceFeePct);
    const changes = {
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.instruments !== undefined ? { allowedInstruments: input.instruments } : {}),
      ...(fee !== undefined ? { performanceFeePct: fee } : {}),
      ...(input.minCopy !== undefined ? { minCopyCents: BigInt(input.minCopy) } : {}),
      ...(input.maxCopiers !== undefined ? { maxCopiers: input.maxCopiers } : {}),
    };
    if (Object.keys(changes).length === 0) throw refusal('NO_CHANGES');
    await repo.updateTerms(tx, id, changes);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'strategy.terms_changed',
      targetType: 'strategy',
      targetId: id,
      ip,
      details: {
        ...changes,
        ...(changes.minCopyCents !== undefined
          ? { minCopyCents: String(changes.minCopyCents) }
          : {}),
      },
    });
  });
  return traderDashboard(ctx, user);
}

/**
 * GET /api/trader/dashboard: aggregate figures about the copiers (how many, the money they have
 * in the strategy now — never who they are) and the performance fees the ledger credited to the
 * trader, per day.
 */
export async function traderDashboard(ctx: AppContext, user: UserRow): Promise<TraderDashboard> {
  const row = await strategyOfTrader(ctx, user);
  const loaded = await repo.loadStrategyState(ctx.db, row.id, { lock: false });
  if (!loaded) throw refusal('NO_STRATEGY_YET');
  const [summary] = await summarise(ctx, [loaded]);
  const fees = await userCreditsByDay(ctx.db, user.id, ENTRY_KINDS.tradeFee);
  return {
    strategyId: row.id,
    terms: termsOf(loaded.row),
    copiers: summary?.copiers ?? 0,
    aumCents: summary?.aumCents ?? 0,
    feesEarnedCents: Number(fees.reduce((sum, day) => sum + day.cents, 0n)),
    feesByDay: fees.map((day) => ({ day: day.day, feesCents: Number(day.cents) })),
  };
}

export async function strategyOfTrader(ctx: AppContext, user: UserRow): Promise<StrategyRow> {
  requireLeadTraderInStanding(user);
  const row = await repo.findStrategyByLeadTrader(ctx.db, user.id);
  if (!row) throw refusal('NO_STRATEGY_YET');
  return row;
}
