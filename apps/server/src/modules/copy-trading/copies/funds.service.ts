import {
  englishDescription,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import {
  addFundsProblem,
  removeFundsProblem,
  type FundsAction,
  type FundsChange,
  type FundsChangeResponse,
  type StrategyRunBy,
  type StrategyStatus,
} from '@app/shared/schemas/trades';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { AppError, refusal } from '../../../http/errors';
import { runIdempotent } from '../../ledger/idempotency';
import { postEntries } from '../../ledger/ledger.service';
import {
  announceMoneyChange,
  requireActiveAccount,
  requireUndeletedAccount,
  withFundsCheck,
} from '../../ledger/money.common';
import { insertTransaction } from '../../transactions/transactions.service';
import type { Dec } from '../../market/domain';
import {
  NoProfitToClaimError,
  addFunds,
  claimProfit as claimDomainProfit,
  removeFunds,
  strategyNav,
  tradeValueCents,
  type FundsAdded,
  type FundsRemoved,
  type Trade,
} from '../domain';
import {
  feeRecipient,
  performanceFeeEntry,
  tradeClosedEntry,
  tradeOpenedEntry,
} from './trades.ledger';
import * as repo from './trades.repo';
import { announceTrade, bookingTime, refuseMissingTrade } from './trades.service';
import {
  currentView,
  strategyRunByOf,
  strategyStatusOf,
  stateWithPrices,
  toDomainTrade,
  tradeIdOf,
  tradeTarget,
  type TradeRef,
} from './views.service';

/*
 * Add funds to an open copy (buys a new lot at the NAV now), Remove funds (redeems part of its
 * units at the NAV now, the oldest first, less the fee on them) and Claim Profit (redeems the
 * units worth the gain above the copy's amount, less the fee on that gain; the amount stays). All
 * book through the ledger in one transaction under the trade's lock, idempotent with an
 * Idempotency-Key; a quote works the numbers of an add or a removal out without booking.
 */

/** What changes an open copy's position: money in, part of it out, or its profit out. */
type ChangeAction = FundsAction | 'claim';

type Found = NonNullable<Awaited<ReturnType<typeof repo.openTradeWithPlan>>>;

interface Worked {
  found: Found;
  strategyName: string;
  strategyStatus: StrategyStatus;
  strategyRunBy: StrategyRunBy;
  leadTraderId: string | null;
  nav: Dec;
  before: Trade;
  added?: FundsAdded;
  removed?: FundsRemoved;
}

/** The refusals and numbers of a change to `found`'s trade at the strategy's NAV now. */
async function workOut(
  ctx: AppContext,
  db: DbOrTx,
  found: Found,
  action: ChangeAction,
  amount: number,
): Promise<Worked> {
  const { trade, plan } = found;
  const loaded = await stateWithPrices(db, ctx, trade.strategyId, ctx.clock.now().getTime());
  if (!loaded) throw new Error(`strategy of trade ${trade.id} is missing`);
  const nav = strategyNav(loaded.state, loaded.prices);
  const before = toDomainTrade(trade);
  const base = {
    found,
    strategyName: loaded.row.name,
    strategyStatus: strategyStatusOf(loaded.row),
    strategyRunBy: strategyRunByOf(loaded.row),
    leadTraderId: loaded.row.leadTraderId,
    nav,
    before,
  };
  if (action === 'add') {
    // New money goes in on the terms an invest has: an open plan and a running strategy.
    if (plan.retiredAt) throw refusal('PLAN_RETIRED', {}, 'amount');
    if (loaded.row.retiredAt) throw refusal('STRATEGY_RETIRED', {}, 'amount');
    if (loaded.row.pausedAt) throw refusal('PLAN_STRATEGY_PAUSED', {}, 'amount');
    const problem = addFundsProblem(amount, {
      amountCents: Number(trade.amountCents),
      maxCents: Number(plan.maxCents),
    });
    if (problem) throw refusal(problem.code, problem.params, 'amount');
    return { ...base, added: addFunds(before, BigInt(amount), nav) };
  }
  // Money can always leave: a paused or retired strategy, or a retired plan, refuses nothing here.
  if (action === 'claim') {
    return { ...base, removed: claimDomainProfit(before, nav, trade.performanceFeePct) };
  }
  const problem = removeFundsProblem(amount, {
    valueCents: Number(tradeValueCents(before.units, nav)),
    minCents: Number(plan.minCents),
  });
  if (problem) throw refusal(problem.code, problem.params, 'amount');
  return {
    ...base,
    removed: removeFunds(before, BigInt(amount), nav, trade.performanceFeePct),
  };
}

function changeView(worked: Worked, action: ChangeAction): FundsChange {
  const after = worked.added?.trade ?? worked.removed?.trade ?? worked.before;
  const common = {
    action,
    nav: worked.nav.toFixed(),
    after: {
      amountCents: Number(after.amountCents),
      units: after.units.toFixed(),
      valueCents: Number(tradeValueCents(after.units, worked.nav)),
    },
  };
  if (worked.added) {
    const amountCents = Number(worked.added.trade.amountCents - worked.before.amountCents);
    return {
      ...common,
      amountCents,
      units: worked.added.units.toFixed(),
      costCents: amountCents,
      feeCents: 0,
      payoutCents: 0,
      profitCents: 0,
    };
  }
  const removed = worked.removed;
  if (!removed) throw new Error('a change is an add or a removal');
  return {
    ...common,
    amountCents: Number(removed.valueCents),
    units: removed.units.toFixed(),
    costCents: Number(removed.costCents),
    feeCents: Number(removed.feeCents),
    payoutCents: Number(removed.payoutCents),
    profitCents: Number(removed.profitCents),
  };
}

async function findOpenTrade(
  db: DbOrTx,
  userId: string,
  tradeId: string,
  lock: boolean,
): Promise<Found> {
  const found = lock
    ? await repo.lockOpenTradeWithPlan(db, userId, tradeId)
    : await repo.openTradeWithPlan(db, userId, tradeId);
  if (!found) throw await refuseMissingTrade(db, userId, tradeId);
  return found;
}

/** GET /api/trades/:id/funds-quote: the numbers of an add or a removal at the NAV now. */
export async function fundsQuote(
  ctx: AppContext,
  user: UserRow,
  ref: TradeRef,
  query: { action: FundsAction; amount: number },
): Promise<FundsChange> {
  const tradeId = await tradeIdOf(ctx, user.id, ref);
  const found = await findOpenTrade(ctx.db, user.id, tradeId, false);
  return changeView(await workOut(ctx, ctx.db, found, query.action, query.amount), query.action);
}

/** POST /api/trades/:id/add-funds and /remove-funds. */
export async function changeFunds(
  ctx: AppContext,
  user: UserRow,
  ref: TradeRef,
  action: FundsAction,
  input: { amount: number },
  key: string | undefined,
) {
  if (action === 'add') requireActiveAccount(user);
  else requireUndeletedAccount(user);
  const scope = `POST /api/trades/${ref === 'current' ? 'current' : ':id'}/${action}-funds`;
  const payload = { ...input, ...(ref === 'current' ? {} : { tradeId: ref.id }) };
  return bookChange(ctx, user, ref, action, input.amount, { key, scope, payload });
}

/**
 * POST /api/trades/:id/claim (and /current/claim): Claim Profit, only while the copy is worth more
 * than its amount (else NO_PROFIT_TO_CLAIM, the seed's 'You have no profit to claim'). The gain is
 * redeemed at the NAV now, less the performance fee on it; the copy stays open with its amount.
 */
export async function claimProfit(
  ctx: AppContext,
  user: UserRow,
  ref: TradeRef,
  key: string | undefined,
) {
  requireUndeletedAccount(user);
  const scope = `POST /api/trades/${ref === 'current' ? 'current' : ':id'}/claim`;
  const payload = ref === 'current' ? {} : { tradeId: ref.id };
  return bookChange(ctx, user, ref, 'claim', 0, { key, scope, payload });
}

/** A claim on a trade that is not open (none, or closed meanwhile) has no profit to claim. */
function asClaimRefusal(error: unknown): unknown {
  if (error instanceof AppError && error.code === 'NO_OPEN_TRADE') {
    return new NoProfitToClaimError();
  }
  return error;
}

async function bookChange(
  ctx: AppContext,
  user: UserRow,
  ref: TradeRef,
  action: ChangeAction,
  amount: number,
  request: { key: string | undefined; scope: string; payload: object },
) {
  const { key, scope, payload } = request;
  return runIdempotent<FundsChangeResponse>(
    ctx,
    { userId: user.id, key, scope, payload, target: tradeTarget(user.id, ref) },
    async (tx, _keyId, tradeId) => {
      if (!tradeId) {
        throw action === 'claim' ? new NoProfitToClaimError() : refusal('NO_OPEN_TRADE');
      }
      const found = await findOpenTrade(tx, user.id, tradeId, true).catch((error: unknown) => {
        throw action === 'claim' ? asClaimRefusal(error) : error;
      });
      // Read under the trade's lock, never before its last change (bookingTime).
      const now = await bookingTime(ctx, tx, [found.trade.id]);
      const worked = await workOut(ctx, tx, found, action, amount);
      // A copy of one's own strategy never grows (one opened before they led it may shrink).
      if (action === 'add' && worked.leadTraderId === user.id) {
        throw refusal('OWN_STRATEGY_COPY', {}, 'amount');
      }
      const change = changeView(worked, action);
      const plan = found.plan.title;
      const stamp = { status: 'success' as const, decidedAt: now, createdAt: now, updatedAt: now };
      const after = worked.added?.trade ?? worked.removed?.trade;
      if (!after) throw new Error('a change is an add or a removal');

      let transaction: { id: string; transactionId: string };
      let feeTransactionId: string | undefined;
      if (worked.added) {
        const parts: TransactionDescription = { code: 'trade_add', plan };
        const description = englishDescription(parts);
        transaction = await insertTransaction(tx, {
          ...stamp,
          userId: user.id,
          kind: 'trade_add',
          type: 'withdraw',
          amountCents: BigInt(change.amountCents),
          description,
          descriptionParts: parts,
        });
        await withFundsCheck(() =>
          postEntries(tx, [
            {
              entry: tradeOpenedEntry(user.id, BigInt(change.amountCents), description),
              meta: { transactionId: transaction.id, createdBy: user.id, createdAt: now },
            },
          ]),
        );
      } else {
        const removed = worked.removed;
        if (!removed) throw new Error('a change is an add or a removal');
        // A claim reads as profit claimed, for the profit alone; a removal as funds taken out.
        const kind = action === 'claim' ? 'profit_claim' : 'trade_remove';
        const parts: TransactionDescription = { code: kind, plan };
        const description = englishDescription(parts);
        transaction = await insertTransaction(tx, {
          ...stamp,
          userId: user.id,
          kind,
          type: 'credit',
          amountCents: removed.payoutCents,
          description,
          descriptionParts: parts,
        });
        const entries: Parameters<typeof postEntries>[1] = [
          {
            // A partial close: the cost leaves `invested` (none for a claim), the payout reaches
            // `available`, the difference is the market P&L (so statements count it as returned
            // from trades, and the realised profit).
            entry: tradeClosedEntry(user.id, removed.costCents, removed.payoutCents, description),
            meta: { transactionId: transaction.id, createdBy: user.id, createdAt: now },
          },
        ];
        if (removed.feeCents > 0n) {
          const feeParts: TransactionDescription = { code: 'performance_fee', plan };
          const feeDescription = englishDescription(feeParts);
          const feeRow = worked.leadTraderId
            ? await insertTransaction(tx, {
                ...stamp,
                userId: worked.leadTraderId,
                kind: 'performance_fee',
                type: 'credit',
                amountCents: removed.feeCents,
                description: feeDescription,
                descriptionParts: feeParts,
              })
            : undefined;
          feeTransactionId = feeRow?.transactionId;
          entries.push({
            entry: performanceFeeEntry(
              feeRecipient(worked.leadTraderId),
              removed.feeCents,
              feeDescription,
            ),
            meta: { transactionId: feeRow?.id ?? null, createdBy: user.id, createdAt: now },
          });
        }
        await postEntries(tx, entries);
      }

      await repo.changePosition(
        tx,
        found.trade.id,
        {
          amountCents: after.amountCents,
          units: after.units.toFixed(),
          lots: after.lots.map((lot) => ({
            units: lot.units.toFixed(),
            highWaterNav: lot.highWaterNav.toFixed(),
          })),
        },
        {
          kind: action,
          nav: worked.nav.toFixed(),
          units: change.units,
          amountCents: BigInt(change.amountCents),
          costCents: BigInt(change.costCents),
          feeCents: BigInt(change.feeCents),
          payoutCents: BigInt(change.payoutCents),
          transactionId: transaction.id,
          createdAt: now,
        },
      );
      const trade = currentView(
        { ...found.trade, amountCents: after.amountCents, units: after.units.toFixed() },
        plan,
        worked.strategyName,
        worked.nav,
        worked.strategyStatus,
        worked.strategyRunBy,
      );
      return {
        status: 200,
        body: { change, trade, transactionId: transaction.transactionId },
        afterCommit: () => {
          announceTrade(ctx, user.id, found.trade.id, 'open');
          announceMoneyChange(ctx, user.id, transaction.transactionId);
          if (worked.leadTraderId && feeTransactionId) {
            announceMoneyChange(ctx, worked.leadTraderId, feeTransactionId);
          }
        },
      };
    },
  );
}
