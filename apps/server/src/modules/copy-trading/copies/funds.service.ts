import {
  englishDescription,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import {
  type FundsAction,
  type FundsChange,
  type FundsChangeResponse,
  type StrategyRunBy,
  type StrategyStatus,
} from '@app/shared/schemas/trades';
import type { Book } from '@app/shared/schemas/kinds';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { AppError, refusal } from '../../../http/errors';
import { runIdempotent } from '../../ledger';
import { postEntries } from '../../ledger';
import {
  announceMoneyChange,
  requireActiveAccount,
  requireUndeletedAccount,
  withFundsCheck,
} from '../../ledger';
import { insertTransaction } from '../../transactions';
import type { Dec } from '../../market/domain';
import {
  NoProfitToClaimError,
  decideFundsChange,
  ownStrategyAddRefusal,
  strategyNav,
  tradeValueCents,
  type FundsChangeAction as ChangeAction,
  type FundsChangeOutcome,
  type FundsRemoved,
  type Trade,
} from '../domain';
import { requirePractice } from '../../settings';
import { feePayee, performanceFeeEntry, tradeClosedEntry, tradeOpenedEntry } from './trades.ledger';
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

type Found = NonNullable<Awaited<ReturnType<typeof repo.openTradeWithPlan>>>;

type Worked = {
  found: Found;
  strategyName: string;
  strategyStatus: StrategyStatus;
  strategyRunBy: StrategyRunBy;
  leadTraderId: string | null;
  nav: Dec;
  before: Trade;
} & FundsChangeOutcome;

/** Loads the strategy and its NAV now, and decides the change to `found`'s trade (or refuses). */
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
  const facts = {
    trade: before,
    nav,
    performanceFeePct: trade.performanceFeePct,
    plan,
    strategy: loaded.row,
  };
  return {
    found,
    strategyName: loaded.row.name,
    strategyStatus: strategyStatusOf(loaded.row),
    strategyRunBy: strategyRunByOf(loaded.row),
    leadTraderId: loaded.row.leadTraderId,
    nav,
    before,
    ...decideFundsChange(facts, action, amount),
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
  requireUndeletedAccount(user);
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
      return changeUnderLock(ctx, tx, user, tradeId, action, amount);
    },
  );
}

/** The change, booked: load under the trade's lock, decide, book the money, record the change. */
async function changeUnderLock(
  ctx: AppContext,
  tx: DbOrTx,
  user: UserRow,
  tradeId: string,
  action: ChangeAction,
  amount: number,
) {
  const found = await findOpenTrade(tx, user.id, tradeId, true).catch((error: unknown) => {
    throw action === 'claim' ? asClaimRefusal(error) : error;
  });
  await requireChangeAllowed(tx, user, found.trade.book, action);
  // Read under the trade's lock, never before its last change (bookingTime).
  const now = await bookingTime(ctx, tx, [found.trade.id]);
  const worked = await workOut(ctx, tx, found, action, amount);
  const ownRefused = ownStrategyAddRefusal(action, worked.leadTraderId, user.id);
  if (ownRefused) throw ownRefused;
  const change = changeView(worked, action);
  const after = worked.added?.trade ?? worked.removed?.trade;
  if (!after) throw new Error('a change is an add or a removal');
  const stamp = { status: 'success' as const, decidedAt: now, createdAt: now, updatedAt: now };
  const booking = { tx, user, book: found.trade.book, plan: found.plan.title, stamp };
  const { transaction, feeTransactionId } = worked.removed
    ? await bookRemoval(booking, worked.removed, action, worked.leadTraderId)
    : await bookAdd(booking, BigInt(change.amountCents));
  await recordChange(tx, found.trade.id, after, {
    kind: action,
    nav: worked.nav.toFixed(),
    units: change.units,
    amountCents: BigInt(change.amountCents),
    costCents: BigInt(change.costCents),
    feeCents: BigInt(change.feeCents),
    payoutCents: BigInt(change.payoutCents),
    transactionId: transaction.id,
    createdAt: now,
  });
  const trade = currentView(
    { ...found.trade, amountCents: after.amountCents, units: after.units.toFixed() },
    found.plan.title,
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
}

/**
 * Who may change a copy: new money into a real copy needs an active account (taking money out
 * only an undeleted one); any change to a practice copy needs practice on and the user's practice
 * gate (closing one does not: trades.service closeOwnTrade).
 */
async function requireChangeAllowed(db: DbOrTx, user: UserRow, book: Book, action: ChangeAction) {
  if (book === 'practice') await requirePractice(db, user, { started: true });
  else if (action === 'add') requireActiveAccount(user);
}

/**
 * Where a change books its money: the transaction, the investor, the copy's book, the plan's
 * title, the time.
 */
interface Booking {
  tx: DbOrTx;
  user: UserRow;
  book: Book;
  plan: string;
  stamp: { status: 'success'; decidedAt: Date; createdAt: Date; updatedAt: Date };
}

interface Booked {
  transaction: { id: string; transactionId: string };
  feeTransactionId?: string | undefined;
}

/** An add: the investor's transaction, and the money moved from `available` to `invested`. */
async function bookAdd(
  { tx, user, book, plan, stamp }: Booking,
  amountCents: bigint,
): Promise<Booked> {
  const parts: TransactionDescription = { code: 'trade_add', plan };
  const description = englishDescription(parts);
  const transaction = await insertTransaction(tx, {
    ...stamp,
    userId: user.id,
    book,
    kind: 'trade_add',
    type: 'withdraw',
    amountCents,
    description,
    descriptionParts: parts,
  });
  await withFundsCheck(() =>
    postEntries(tx, [
      {
        entry: tradeOpenedEntry(book, user.id, amountCents, description),
        meta: { transactionId: transaction.id, createdBy: user.id, createdAt: stamp.createdAt },
      },
    ]),
  );
  return { transaction };
}

/** A removal or a claim: the investor's transaction and partial close, and the fee if any. */
async function bookRemoval(
  booking: Booking,
  removed: FundsRemoved,
  action: ChangeAction,
  leadTraderId: string | null,
): Promise<Booked> {
  const { tx, user, book, plan, stamp } = booking;
  // A claim reads as profit claimed, for the profit alone; a removal as funds taken out.
  const kind = action === 'claim' ? 'profit_claim' : 'trade_remove';
  const parts: TransactionDescription = { code: kind, plan };
  const description = englishDescription(parts);
  const transaction = await insertTransaction(tx, {
    ...stamp,
    userId: user.id,
    book,
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
      entry: tradeClosedEntry(book, user.id, removed.costCents, removed.payoutCents, description),
      meta: { transactionId: transaction.id, createdBy: user.id, createdAt: stamp.createdAt },
    },
  ];
  let feeTransactionId: string | undefined;
  if (removed.feeCents > 0n) {
    const fee = await feeBooking(booking, removed.feeCents, leadTraderId);
    feeTransactionId = fee.transactionId;
    entries.push(fee.entry);
  }
  await postEntries(tx, entries);
  return { transaction, feeTransactionId };
}

/**
 * The performance fee: the lead trader's transaction (if one leads a real copy's strategy; a
 * practice copy's fee is paid to nobody) and its ledger entry.
 */
async function feeBooking(
  { tx, user, book, plan, stamp }: Booking,
  feeCents: bigint,
  leadTraderId: string | null,
) {
  const feeParts: TransactionDescription = { code: 'performance_fee', plan };
  const feeDescription = englishDescription(feeParts);
  const payee = feePayee(book, leadTraderId);
  const feeRow = payee
    ? await insertTransaction(tx, {
        ...stamp,
        userId: payee,
        kind: 'performance_fee',
        type: 'credit',
        amountCents: feeCents,
        description: feeDescription,
        descriptionParts: feeParts,
      })
    : undefined;
  const entry: Parameters<typeof postEntries>[1][number] = {
    entry: performanceFeeEntry(book, leadTraderId, feeCents, feeDescription),
    meta: { transactionId: feeRow?.id ?? null, createdBy: user.id, createdAt: stamp.createdAt },
  };
  return { transactionId: feeRow?.transactionId, entry };
}

/** The copy's new position (amount, units, lots) and the change's record. */
async function recordChange(
  tx: DbOrTx,
  tradeId: string,
  after: Trade,
  record: Parameters<typeof repo.changePosition>[3],
) {
  await repo.changePosition(
    tx,
    tradeId,
    {
      amountCents: after.amountCents,
      units: after.units.toFixed(),
      lots: after.lots.map((lot) => ({
        units: lot.units.toFixed(),
        highWaterNav: lot.highWaterNav.toFixed(),
      })),
    },
    record,
  );
}
