import { eq } from 'drizzle-orm';
import type { ClosedTrade, CurrentTrade } from '@app/shared/schemas/trades';
import { formatUsd } from '@app/shared/money';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../http/errors';
import { runIdempotent } from '../ledger/idempotency';
import { postEntry } from '../ledger/ledger.service';
import { announceMoneyChange, requireActiveAccount, withFundsCheck } from '../ledger/money.common';
import { insertTransaction } from '../transactions/transactions.repo';
import { Dec } from '../market/domain';
import { freshPrices, rememberedPrices } from '../market/market.service';
import * as strategiesRepo from './strategies.repo';
import {
  NoProfitToClaimError,
  PriceUnavailableError,
  claimable,
  isTermOver,
  openTrade as openDomainTrade,
  roiPct,
  settleTrade,
  shouldStopOut,
  strategyNav,
  tradeValueCents,
  type PriceMap,
  type StrategyState,
  type Trade,
} from './domain';
import {
  trades,
  type CloseReason,
  type StrategyRow,
  type TradeRow,
} from './copy-trading.schema';
import {
  feeRecipient,
  performanceFeeEntry,
  tradeClosedEntry,
  tradeOpenedEntry,
} from './trades.ledger';
import * as repo from './trades.repo';

/** Prices older than this are not used to price units or a payout. */
export const PRICE_STALE_MS = 5 * 60_000;

export const TRADE_TEXT = {
  noOpenTrade: 'You have no open trade',
  alreadyOpen:
    'You already have an open trade. Close it or claim its profit before starting another.',
  planRetired: 'This plan is no longer available',
  planWithoutStrategy: 'This plan is not open for investment yet',
  strategyPaused: 'This plan’s strategy is paused; new trades are not accepted right now',
  planNotFound: 'Plan not found',
} as const;

const CLOSE_DESCRIPTIONS: Record<CloseReason, string> = {
  claim: 'Profit claimed',
  close: 'Trade closed',
  stop_loss: 'Trade closed by stop-loss',
  term_end: 'Trade closed at the end of its term',
};

/** "$1,000" for whole dollars (as the seed writes plan limits), "$1,000.50" otherwise. */
export function formatPlanAmount(cents: bigint): string {
  const text = formatUsd(cents);
  return cents % 100n === 0n ? text.replace(/\.00$/, '') : text;
}

function toDomainTrade(row: TradeRow): Trade {
  return {
    amountCents: row.amountCents,
    units: new Dec(row.units),
    entryNav: new Dec(row.entryNav),
    highWaterNav: new Dec(row.highWaterNav),
    openedAt: row.openedAt.getTime(),
    closesAt: row.closesAt.getTime(),
    stopLossPct: row.stopLossPct,
  };
}

function currentView(
  row: TradeRow,
  planTitle: string,
  strategyName: string,
  nav: Dec,
): CurrentTrade {
  const valueCents = tradeValueCents(row.units, nav);
  const profitCents = valueCents - row.amountCents;
  return {
    id: row.id,
    planId: row.planId,
    planTitle,
    strategyId: row.strategyId,
    strategyName,
    amountCents: Number(row.amountCents),
    units: new Dec(row.units).toFixed(),
    entryNav: new Dec(row.entryNav).toFixed(),
    currentNav: nav.toFixed(),
    valueCents: Number(valueCents),
    profitCents: Number(profitCents),
    roiPct: roiPct(profitCents, row.amountCents),
    stopLossPct: row.stopLossPct,
    performanceFeePct: row.performanceFeePct,
    openedAt: row.openedAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
  };
}

function announceTrade(ctx: AppContext, userId: string, tradeId: string, status: string): void {
  ctx.realtime.publish(`user:${userId}`, { type: 'trade.changed', data: { tradeId, status } });
}

/** The strategy's NAV at `prices` (the last stored NAV if a price is missing). */
function liveNav(loaded: { row: StrategyRow; state: StrategyState }, prices: PriceMap): Dec {
  try {
    return strategyNav(loaded.state, prices);
  } catch (error) {
    if (!(error instanceof PriceUnavailableError)) throw error;
    return new Dec(loaded.row.nav);
  }
}

/**
 * The strategy's per-unit state and the prices to value a unit at: this process's own latest
 * tick, or the table's quotes read in the same statement as the state. Not locked: a follower
 * never changes the strategy, and an order committing meanwhile is a fill at market price, which
 * leaves the NAV where it was.
 */
async function stateWithPrices(tx: Tx, ctx: AppContext, strategyId: string, now: number) {
  const remembered = rememberedPrices(ctx, now, PRICE_STALE_MS);
  const loaded = await strategiesRepo.loadStrategyState(tx, strategyId, {
    lock: false,
    withQuotes: !remembered,
  });
  if (!loaded) return undefined;
  return { ...loaded, prices: remembered ?? freshPrices(loaded.quotes, now, PRICE_STALE_MS) };
}

export async function currentTrade(ctx: AppContext, userId: string): Promise<CurrentTrade | null> {
  const now = ctx.clock.now().getTime();
  const remembered = rememberedPrices(ctx, now, PRICE_STALE_MS);
  const found = await repo.openTradeOfUser(ctx.db, userId, { withQuotes: !remembered });
  if (!found) return null;
  const prices = remembered ?? freshPrices(found.quotes, now, PRICE_STALE_MS);
  const nav = liveNav(found.strategy, prices);
  return currentView(found.trade, found.planTitle, found.strategy.row.name, nav);
}

/**
 * Invest in a plan: the amount moves available → invested in the ledger, buys units of the plan's
 * strategy at its current NAV, and the trade is stored, all in one transaction. The strategy is
 * only read. Idempotent with an Idempotency-Key.
 */
export async function openTrade(
  ctx: AppContext,
  user: UserRow,
  input: { planId: string; amount: number; stopLossPct?: number | undefined },
  key: string | undefined,
) {
  requireActiveAccount(user);
  return runIdempotent<{ trade: CurrentTrade }>(
    ctx,
    { userId: user.id, key, scope: 'POST /api/trades', payload: input },
    async (tx) => {
      const now = ctx.clock.now();
      const amount = BigInt(input.amount);
      const found = await repo.planAndOpenTrade(tx, input.planId, user.id);
      if (!found) throw new AppError('NOT_FOUND', 404, TRADE_TEXT.planNotFound, 'planId');
      const { plan } = found;
      if (plan.retiredAt) throw conflict(TRADE_TEXT.planRetired, 'planId');
      if (!plan.strategyId) throw conflict(TRADE_TEXT.planWithoutStrategy, 'planId');
      if (amount < plan.minCents) {
        throw badRequest(
          `Amount must be greater than or equal to ${formatPlanAmount(plan.minCents)}`,
          'amount',
        );
      }
      if (amount > plan.maxCents) {
        throw badRequest(
          `Amount must be less than or equal to ${formatPlanAmount(plan.maxCents)}`,
          'amount',
        );
      }
      if (found.openTradeId) throw conflict(TRADE_TEXT.alreadyOpen);

      const loaded = await stateWithPrices(tx, ctx, plan.strategyId, now.getTime());
      if (!loaded) throw conflict(TRADE_TEXT.planWithoutStrategy, 'planId');
      if (loaded.row.pausedAt) throw conflict(TRADE_TEXT.strategyPaused, 'planId');

      const description = `Invested in ${plan.title} plan`;
      const row = await insertTransaction(tx, {
        userId: user.id,
        kind: 'trade_open',
        type: 'withdraw',
        status: 'success',
        amountCents: amount,
        description,
        decidedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await withFundsCheck(() =>
        postEntry(tx, tradeOpenedEntry(user.id, amount, description), {
          transactionId: row.id,
          createdBy: user.id,
          createdAt: now,
        }),
      );

      const nav = strategyNav(loaded.state, loaded.prices);
      const domainTrade = openDomainTrade({
        amountCents: amount,
        nav,
        now: now.getTime(),
        termDays: plan.termDays,
        ...(input.stopLossPct !== undefined ? { stopLossPct: input.stopLossPct } : {}),
      });
      const [trade] = await tx
        .insert(trades)
        .values({
          userId: user.id,
          planId: plan.id,
          strategyId: plan.strategyId,
          amountCents: amount,
          units: domainTrade.units.toFixed(),
          entryNav: nav.toFixed(),
          highWaterNav: domainTrade.highWaterNav.toFixed(),
          performanceFeePct: plan.performanceFeePct,
          stopLossPct: domainTrade.stopLossPct,
          openedAt: now,
          closesAt: new Date(domainTrade.closesAt),
          openTransactionId: row.id,
        })
        .onConflictDoNothing()
        .returning();
      // A concurrent open by the same user won the one-open-trade index.
      if (!trade) throw conflict(TRADE_TEXT.alreadyOpen);
      return {
        status: 201,
        body: {
          trade: currentView(trade, plan.title, loaded.row.name, nav),
        },
        afterCommit: () => {
          announceTrade(ctx, user.id, trade.id, 'open');
          announceMoneyChange(ctx, user.id, row.transactionId);
        },
      };
    },
  );
}

interface CloseOutcome {
  trade: ClosedTrade;
  afterCommit: () => void;
}

/**
 * Closes one locked open trade at the strategy's live NAV: settle its units (value, performance
 * fee above the high-water mark, payout), book it, and mark the trade closed. The strategy is only
 * read. Returns null when the rule for `reason` no longer holds (a stop-loss the market recovered
 * from, a term not yet over).
 */
async function closeLockedTrade(
  ctx: AppContext,
  tx: Tx,
  { trade, planTitle }: { trade: TradeRow; planTitle: string },
  reason: CloseReason,
  now: Date,
): Promise<CloseOutcome | null> {
  const loaded = await stateWithPrices(tx, ctx, trade.strategyId, now.getTime());
  if (!loaded) throw new Error(`strategy ${trade.strategyId} of trade ${trade.id} is missing`);
  const { prices } = loaded;
  const nav = strategyNav(loaded.state, prices);
  const domainTrade = toDomainTrade(trade);

  if (reason === 'claim' && !claimable(domainTrade, nav).claimable)
    throw new NoProfitToClaimError();
  if (reason === 'stop_loss' && !shouldStopOut(domainTrade, nav)) return null;
  if (reason === 'term_end' && !isTermOver(domainTrade, now.getTime())) return null;

  const settlement = settleTrade(domainTrade, nav, trade.performanceFeePct);

  const description = `${CLOSE_DESCRIPTIONS[reason]} (${planTitle} plan)`;
  const credit =
    settlement.payoutCents > 0n
      ? await insertTransaction(tx, {
          userId: trade.userId,
          kind: 'trade_close',
          type: 'credit',
          status: 'success',
          amountCents: settlement.payoutCents,
          description,
          decidedAt: now,
          createdAt: now,
          updatedAt: now,
        })
      : null;
  await postEntry(
    tx,
    tradeClosedEntry(trade.userId, trade.amountCents, settlement.payoutCents, description),
    { transactionId: credit?.id ?? null, createdAt: now },
  );

  const leadTraderId = loaded.row.leadTraderId;
  let feeTransactionId: string | null = null;
  if (settlement.feeCents > 0n) {
    const feeDescription = `Performance fee (${planTitle} plan copier)`;
    const feeRow = leadTraderId
      ? await insertTransaction(tx, {
          userId: leadTraderId,
          kind: 'performance_fee',
          type: 'credit',
          status: 'success',
          amountCents: settlement.feeCents,
          description: feeDescription,
          decidedAt: now,
          createdAt: now,
          updatedAt: now,
        })
      : null;
    feeTransactionId = feeRow?.transactionId ?? null;
    await postEntry(
      tx,
      performanceFeeEntry(feeRecipient(leadTraderId), settlement.feeCents, feeDescription),
      { transactionId: feeRow?.id ?? null, createdAt: now },
    );
  }

  await tx
    .update(trades)
    .set({
      status: 'closed',
      closedAt: now,
      closeReason: reason,
      exitNav: nav.toFixed(),
      valueCents: settlement.valueCents,
      feeCents: settlement.feeCents,
      payoutCents: settlement.payoutCents,
      highWaterNav: settlement.highWaterNav.toFixed(),
      closeTransactionId: credit?.id ?? null,
    })
    .where(eq(trades.id, trade.id));

  return {
    trade: {
      id: trade.id,
      planTitle,
      amountCents: Number(trade.amountCents),
      closeReason: reason,
      exitNav: nav.toFixed(),
      valueCents: Number(settlement.valueCents),
      feeCents: Number(settlement.feeCents),
      payoutCents: Number(settlement.payoutCents),
      profitCents: Number(settlement.profitCents),
      roiPct: roiPct(settlement.profitCents, trade.amountCents),
      closedAt: now.toISOString(),
      transactionId: credit?.transactionId ?? null,
    },
    afterCommit: () => {
      announceTrade(ctx, trade.userId, trade.id, 'closed');
      announceMoneyChange(ctx, trade.userId, credit?.transactionId);
      if (leadTraderId && feeTransactionId) {
        announceMoneyChange(ctx, leadTraderId, feeTransactionId);
      }
    },
  };
}

/** Claim Profit (only in profit) or Close Trade (any time), by the trade's owner. */
export async function closeOwnTrade(
  ctx: AppContext,
  user: UserRow,
  reason: 'claim' | 'close',
  key: string | undefined,
) {
  return runIdempotent<{ trade: ClosedTrade }>(
    ctx,
    { userId: user.id, key, scope: `POST /api/trades/current/${reason}`, payload: {} },
    async (tx) => {
      const locked = await repo.lockOpenTradeToClose(tx, { userId: user.id });
      if (!locked) {
        if (reason === 'claim') throw new NoProfitToClaimError();
        throw conflict(TRADE_TEXT.noOpenTrade);
      }
      const outcome = await closeLockedTrade(ctx, tx, locked, reason, ctx.clock.now());
      if (!outcome) throw conflict(TRADE_TEXT.noOpenTrade);
      return { status: 200, body: { trade: outcome.trade }, afterCommit: outcome.afterCommit };
    },
  );
}

/** Scheduled close (stop-loss or term end) of one trade; exactly once, whoever gets there first. */
export async function closeTradeBySchedule(
  ctx: AppContext,
  tradeId: string,
  reason: 'stop_loss' | 'term_end',
  now: Date,
): Promise<boolean> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockOpenTradeToClose(tx, { id: tradeId });
    if (!locked) return null;
    return closeLockedTrade(ctx, tx, locked, reason, now);
  });
  outcome?.afterCommit();
  return outcome !== null;
}

async function closeEach(
  ctx: AppContext,
  ids: string[],
  reason: 'stop_loss' | 'term_end',
  now: Date,
): Promise<number> {
  let closed = 0;
  for (const id of ids) {
    try {
      if (await closeTradeBySchedule(ctx, id, reason, now)) closed += 1;
    } catch (error) {
      // One trade that cannot close now (no fresh price) must not hold up the others.
      if (!(error instanceof PriceUnavailableError)) throw error;
      ctx.log.warn({ tradeId: id, reason }, 'trade close postponed: no fresh market price');
    }
  }
  return closed;
}

export async function closeStoppedOutTrades(ctx: AppContext, now: Date): Promise<number> {
  return closeEach(ctx, await repo.stopLossCandidateIds(ctx.db), 'stop_loss', now);
}

export async function closeTradesAtTermEnd(ctx: AppContext, now: Date): Promise<number> {
  return closeEach(ctx, await repo.dueTradeIds(ctx.db, now), 'term_end', now);
}

export async function updateStopLoss(
  ctx: AppContext,
  user: UserRow,
  stopLossPct: number,
): Promise<CurrentTrade> {
  await ctx.db.transaction(async (tx) => {
    const trade = await repo.lockOpenTradeOfUser(tx, user.id);
    if (!trade) throw conflict(TRADE_TEXT.noOpenTrade);
    await tx.update(trades).set({ stopLossPct }).where(eq(trades.id, trade.id));
  });
  const view = await currentTrade(ctx, user.id);
  if (!view) throw conflict(TRADE_TEXT.noOpenTrade);
  ctx.realtime.publish(`user:${user.id}`, {
    type: 'trade.changed',
    data: { tradeId: view.id, status: 'open' },
  });
  return view;
}
