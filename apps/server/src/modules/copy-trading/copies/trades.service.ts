import {
  englishDescription,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import type { Book } from '@app/shared/schemas/kinds';
import type { ClosedTrade, CurrentTrade } from '@app/shared/schemas/trades';
import type { AppContext } from '../../../context';
import type { DbOrTx, Tx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { refusal } from '../../../http/errors';
import { runIdempotent } from '../../ledger';
import { postEntries, postEntry } from '../../ledger';
import {
  announceMoneyChange,
  announceMoneyChanges,
  requireActiveAccount,
  withFundsCheck,
} from '../../ledger';
import { requireAppropriatenessForNewTrade } from '../../appropriateness';
import { insertTransaction, insertTransactions } from '../../transactions';
import type { Dec } from '../../market/domain';
import * as strategiesRepo from '../strategies/strategy-state.service';
import {
  copyTermsRefusal,
  planRefusal,
  strategyRefusal,
  openTrade as openDomainTrade,
  roiPct,
  settleTrade,
  strategyNav,
  type Settlement,
  type Trade,
} from '../domain';
import type { CloseReason } from '../copy-trading.schema';
import { requirePractice } from '../../settings';
import { feePayee, performanceFeeEntry, tradeClosedEntry, tradeOpenedEntry } from './trades.ledger';
import * as repo from './trades.repo';
import {
  currentView,
  openTradeView,
  stateWithPrices,
  strategyRunByOf,
  toDomainTrade,
  tradeIdOf,
  tradeTarget,
  type TradeRef,
} from './views.service';

export function announceTrade(
  ctx: AppContext,
  userId: string,
  tradeId: string,
  status: 'open' | 'closed',
): void {
  ctx.realtime.publish(`user:${userId}`, { type: 'trade.changed', data: { tradeId, status } });
}

/**
 * The time a close, claim or funds change of these trades is booked at: read once the trades are
 * locked, and never before their opening or their last change (an add or a removal booked by a
 * request that held the lock first, or by an instance whose clock runs ahead). So a trade's
 * closed_at and its transactions never precede a change that came before them.
 */
export async function bookingTime(ctx: AppContext, tx: DbOrTx, tradeIds: string[]): Promise<Date> {
  const now = ctx.clock.now();
  const last = await repo.lastChangedAt(tx, tradeIds);
  return last && last > now ? last : now;
}

/** An id that names no open trade of the user's: 404 unless it is one of theirs, now closed. */
export async function refuseMissingTrade(db: DbOrTx, userId: string, tradeId: string) {
  if (await repo.userHasTrade(db, userId, tradeId)) return refusal('NO_OPEN_TRADE');
  return refusal('TRADE_NOT_FOUND');
}

/**
 * Invest in a plan: the amount moves available → invested in the ledger, buys units of the plan's
 * strategy at its current NAV, and the trade is stored, all in one transaction. The strategy is
 * only read. Idempotent with an Idempotency-Key. In the practice book (issue 42) the same rules
 * and cents apply to virtual money; it needs practice on, a verified e-mail and a started practice
 * account instead of an active account and the appropriateness check.
 */
export async function openTrade(
  ctx: AppContext,
  user: UserRow,
  input: {
    planId: string;
    amount: number;
    stopLossPct?: number | undefined;
    takeProfitPct?: number | null | undefined;
    book?: Book | undefined;
  },
  key: string | undefined,
) {
  const book = input.book ?? 'real';
  if (book === 'real') requireActiveAccount(user);
  return runIdempotent<{ trade: CurrentTrade }>(
    ctx,
    { userId: user.id, key, scope: 'POST /api/trades', payload: input },
    async (tx) => {
      const now = ctx.clock.now();
      const amount = BigInt(input.amount);
      // A new copy trade needs the appropriateness check on record (issue 21); money already in
      // a trade can always be added to, taken out or closed without it. Practice needs neither.
      if (book === 'real') await requireAppropriatenessForNewTrade(tx, user.id);
      else await requirePractice(tx, user, { started: true });
      await repo.lockOpenTradesOfUser(tx, user.id);
      const found = await repo.planAndOpenTrade(tx, input.planId, user.id, book);
      const planFacts = found && { ...found, openOnPlan: found.openTradeId !== null };
      const planRefused = planRefusal(planFacts, input.amount, ctx.config.maxOpenTrades);
      const strategyId = found?.plan.strategyId;
      if (planRefused || !found || !strategyId) throw planRefused ?? refusal('PLAN_NOT_OPEN');
      const { plan } = found;

      // Key share: a retirement in progress is waited for and seen (see StrategyLock).
      const loaded = await stateWithPrices(tx, ctx, strategyId, now.getTime(), 'key share');
      const strategyRefused = strategyRefusal(loaded?.row, user.id);
      if (strategyRefused || !loaded) throw strategyRefused ?? refusal('PLAN_NOT_OPEN');
      // The lead trader's terms: a minimum copy amount and an optional cap on copiers, counted
      // under a lock so two investors cannot both take the last place.
      if (loaded.row.maxCopiers !== null) await strategiesRepo.lockForNewCopy(tx, loaded.row.id);
      const copiers =
        loaded.row.maxCopiers === null ? 0 : await strategiesRepo.openCopyCount(tx, loaded.row.id);
      const termsRefused = copyTermsRefusal(loaded.row, amount, copiers);
      if (termsRefused) throw termsRefused;

      const row = await payForCopy(tx, { userId: user.id, book }, amount, plan.title, now);
      const nav = strategyNav(loaded.state, loaded.prices);
      const trade = await insertCopy(tx, {
        userId: user.id,
        book,
        plan,
        strategy: { id: strategyId, performanceFeePct: loaded.row.performanceFeePct },
        amount,
        nav,
        rules: input,
        now,
        transactionId: row.id,
      });
      // A concurrent open of the same plan by the same user won the one-per-plan index.
      if (!trade) throw refusal('TRADE_ALREADY_OPEN', {}, 'planId');
      return {
        status: 201,
        body: {
          trade: currentView(
            trade,
            plan.title,
            loaded.row.name,
            nav,
            'running',
            strategyRunByOf(loaded.row),
          ),
        },
        afterCommit: () => {
          announceTrade(ctx, user.id, trade.id, 'open');
          announceMoneyChange(ctx, user.id, row.transactionId);
        },
      };
    },
  );
}

/** The investor pays for a new copy: a trade_open transaction and its ledger entry, in its book. */
async function payForCopy(
  tx: Tx,
  { userId, book }: { userId: string; book: Book },
  amount: bigint,
  planTitle: string,
  now: Date,
) {
  const parts: TransactionDescription = { code: 'trade_open', plan: planTitle };
  const description = englishDescription(parts);
  const row = await insertTransaction(tx, {
    userId,
    book,
    kind: 'trade_open',
    type: 'withdraw',
    status: 'success',
    amountCents: amount,
    description,
    descriptionParts: parts,
    decidedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await withFundsCheck(() =>
    postEntry(tx, tradeOpenedEntry(book, userId, amount, description), {
      transactionId: row.id,
      createdBy: userId,
      createdAt: now,
    }),
  );
  return row;
}

/** The new copy at the strategy's NAV (undefined when a concurrent open took the plan). */
async function insertCopy(
  tx: Tx,
  copy: {
    userId: string;
    book: Book;
    plan: { id: string; termDays: number; performanceFeePct: string };
    strategy: { id: string; performanceFeePct: string | null };
    amount: bigint;
    nav: Dec;
    rules: { stopLossPct?: number | undefined; takeProfitPct?: number | null | undefined };
    now: Date;
    transactionId: string;
  },
) {
  const { plan, nav, now, rules } = copy;
  const domainTrade = openDomainTrade({
    amountCents: copy.amount,
    nav,
    now: now.getTime(),
    termDays: plan.termDays,
    ...(rules.stopLossPct !== undefined ? { stopLossPct: rules.stopLossPct } : {}),
    takeProfitPct: rules.takeProfitPct ?? null,
  });
  return repo.insertTrade(tx, {
    userId: copy.userId,
    book: copy.book,
    planId: plan.id,
    strategyId: copy.strategy.id,
    amountCents: copy.amount,
    units: domainTrade.units.toFixed(),
    entryNav: nav.toFixed(),
    highWaterNav: nav.toFixed(),
    // A lead trader's strategy charges its own fee; a demo strategy the plan's.
    performanceFeePct: copy.strategy.performanceFeePct ?? plan.performanceFeePct,
    stopLossPct: domainTrade.stopLossPct,
    takeProfitPct: domainTrade.takeProfitPct,
    openedAt: now,
    closesAt: new Date(domainTrade.closesAt),
    openTransactionId: copy.transactionId,
  });
}

/** A locked open trade and what closing it at one NAV gives (value, fee, payout). */
export interface Closing {
  trade: repo.ClosingTrade;
  planTitle: string;
  settlement: Settlement;
}

export function settle(
  locked: { trade: repo.ClosingTrade; planTitle: string },
  nav: Dec,
): Closing & { domain: Trade } {
  const domain = toDomainTrade(locked.trade);
  return {
    trade: locked.trade,
    planTitle: locked.planTitle,
    domain,
    settlement: settleTrade(domain, nav, locked.trade.performanceFeePct),
  };
}

/**
 * Books locked open trades closed at one NAV, set-based whatever their number: the owners' credit
 * transactions and the lead trader's fee transactions, each kind in one statement, and returns
 * `postLedger` (every ledger entry, one statement, then the trade rows, one statement) for the
 * caller to run as its last writes, with how many it closed, their views (built on demand: a
 * cascade shows them to nobody) and the after-commit announcements.
 */
export async function bookCloses(
  ctx: AppContext,
  tx: Tx,
  params: {
    closings: Closing[];
    reason: CloseReason;
    nav: Dec;
    leadTraderId: string | null;
    now: Date;
  },
): Promise<{
  closed: number;
  views: () => ClosedTrade[];
  postLedger: () => Promise<void>;
  afterCommit: () => void;
}> {
  const { closings, leadTraderId } = params;
  const bookings = describeCloses(params);
  const credited = await insertCloseCredits(tx, params, bookings);
  const fees = await insertFeeCredits(tx, params, bookings);
  const entries = closeEntries(params, bookings, credited, fees);
  // The rows every close of the strategy shares are held from their first write to the commit:
  // STRATEGY_PNL (the ledger's last step) and the strategy's figures and copier record (the
  // trades' update, by 0062's and 0066's triggers). So both come last, the ledger first: that is
  // also the order of a funds change (ledger, then the copy's row) and of an open (user accounts,
  // then the insert), so closes and the writers beside them take those rows in one order. A
  // cascade's batches then wait for each other only over the trades' update, not the ledger too.
  const postLedger = async () => {
    await postEntries(tx, entries);
    await markTradesClosed(tx, params, credited);
  };
  return {
    closed: closings.length,
    views: () => closedViews(params, credited),
    postLedger,
    afterCommit: () => {
      for (const c of closings) announceTrade(ctx, c.trade.userId, c.trade.id, 'closed');
      announceMoneyChanges(ctx, [
        ...closings.map((c) => ({
          userId: c.trade.userId,
          transactionId: credited.get(c.trade.id)?.transactionId,
        })),
        ...(leadTraderId && fees.rows.length > 0
          ? [{ userId: leadTraderId, transactionId: fees.rows.at(-1)?.transactionId }]
          : []),
      ]);
    },
  };
}

type ClosesToBook = Parameters<typeof bookCloses>[2];
type InsertedTransaction = Awaited<ReturnType<typeof insertTransactions>>[number];
/** Each closed trade's credit transaction, by trade id (none for a close that pays nothing). */
type CreditsByTrade = Map<string, InsertedTransaction | undefined>;

/** A transaction's description: its parts, and the English text its entry repeats. */
interface Described {
  parts: TransactionDescription;
  text: string;
}

/** A close to book, with what its credit and its fee (if one is charged) say. */
interface Booking {
  c: Closing;
  close: Described;
  fee: Described | null;
}

const described = (parts: TransactionDescription): Described => ({
  parts,
  text: englishDescription(parts),
});

/**
 * Each close's descriptions, built once for its transaction and its ledger entry alike (built for
 * each, the credits' rows were 720 of a 10,000-copy cascade's ~5,800 profiled ms; now ~240).
 */
function describeCloses({ closings, reason }: ClosesToBook): Booking[] {
  return closings.map((c) => ({
    c,
    close: described(closeParts(c, reason)),
    fee: c.settlement.feeCents > 0n ? described(feeParts(c)) : null,
  }));
}

/**
 * The close says how much was the copy's amount and how much it made or lost (after the fee):
 * amount + profit is what it credits.
 */
function closeParts(c: Closing, reason: CloseReason): TransactionDescription {
  return {
    code: 'trade_close',
    reason,
    plan: c.planTitle,
    amountCents: Number(c.trade.amountCents),
    profitCents: Number(c.settlement.payoutCents - c.trade.amountCents),
  };
}

function feeParts(c: Closing): TransactionDescription {
  return { code: 'performance_fee', plan: c.planTitle };
}

/** The owners' credit transactions, one statement, for the closes that pay something. */
async function insertCloseCredits(
  tx: Tx,
  { now }: ClosesToBook,
  bookings: readonly Booking[],
): Promise<CreditsByTrade> {
  const paid = bookings.filter(({ c }) => c.settlement.payoutCents > 0n);
  // Each row a plain literal: one that starts with a spread (`{ ...stamp, … }`) took ~10 us to
  // build, ~100 ms of CPU a 10,000-copy cascade, for rows built here in ~0.1 us.
  const credits = await insertTransactions(
    tx,
    paid.map(({ c, close }) => ({
      userId: c.trade.userId,
      book: c.trade.book,
      kind: 'trade_close',
      type: 'credit',
      status: 'success',
      amountCents: c.settlement.payoutCents,
      description: close.text,
      descriptionParts: close.parts,
      decidedAt: now,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return new Map(paid.map(({ c }, i) => [c.trade.id, credits[i]]));
}

/**
 * The lead trader's fee transactions (none without a lead trader, none for a practice copy: its
 * fee is paid to nobody), one statement.
 */
async function insertFeeCredits(
  tx: Tx,
  { leadTraderId, now }: ClosesToBook,
  bookings: readonly Booking[],
) {
  const charged = bookings.flatMap(({ c, fee }) => (fee ? [{ c, fee }] : []));
  const paid = charged.filter(({ c }) => feePayee(c.trade.book, leadTraderId) !== null);
  const rows = leadTraderId
    ? await insertTransactions(
        tx,
        paid.map(({ c, fee }) => ({
          userId: leadTraderId,
          kind: 'performance_fee',
          type: 'credit',
          status: 'success',
          amountCents: c.settlement.feeCents,
          description: fee.text,
          descriptionParts: fee.parts,
          decidedAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      )
    : [];
  return { charged, rows, byTrade: new Map(paid.map(({ c }, i) => [c.trade.id, rows[i]])) };
}

/** The trade rows, closed with their settlement, one statement. */
async function markTradesClosed(
  tx: Tx,
  { closings, reason, nav, now }: ClosesToBook,
  credited: CreditsByTrade,
) {
  const exitNav = nav.toFixed();
  await repo.markClosed(
    tx,
    closings.map((c) => ({
      id: c.trade.id,
      reason,
      exitNav,
      valueCents: c.settlement.valueCents,
      feeCents: c.settlement.feeCents,
      payoutCents: c.settlement.payoutCents,
      highWaterNav: c.settlement.highWaterNav.toFixed(),
      closeTransactionId: credited.get(c.trade.id)?.id ?? null,
    })),
    now,
  );
}

/** Every close's ledger entry, then every fee's. */
function closeEntries(
  { leadTraderId, now }: ClosesToBook,
  bookings: readonly Booking[],
  credited: CreditsByTrade,
  fees: Awaited<ReturnType<typeof insertFeeCredits>>,
) {
  return [
    ...bookings.map(({ c, close }) => ({
      entry: tradeClosedEntry(
        c.trade.book,
        c.trade.userId,
        c.trade.amountCents,
        c.settlement.payoutCents,
        close.text,
      ),
      meta: { transactionId: credited.get(c.trade.id)?.id ?? null, createdAt: now },
    })),
    ...fees.charged.map(({ c, fee }) => ({
      entry: performanceFeeEntry(c.trade.book, leadTraderId, c.settlement.feeCents, fee.text),
      meta: { transactionId: fees.byTrade.get(c.trade.id)?.id ?? null, createdAt: now },
    })),
  ];
}

/** The closed trades as their owners see them. */
function closedViews(
  { closings, reason, nav, now }: ClosesToBook,
  credited: CreditsByTrade,
): ClosedTrade[] {
  return closings.map((c) => ({
    id: c.trade.id,
    planTitle: c.planTitle,
    amountCents: Number(c.trade.amountCents),
    closeReason: reason,
    exitNav: nav.toFixed(),
    valueCents: Number(c.settlement.valueCents),
    feeCents: Number(c.settlement.feeCents),
    payoutCents: Number(c.settlement.payoutCents),
    profitCents: Number(c.settlement.profitCents),
    roiPct: roiPct(c.settlement.profitCents, c.trade.amountCents),
    closedAt: now.toISOString(),
    transactionId: credited.get(c.trade.id)?.transactionId ?? null,
  }));
}

/**
 * Close Trade (any time), by the trade's owner, at the live NAV: the whole value, less any fee.
 * (Claim Profit leaves the copy open: funds.service claimProfit.)
 */
export async function closeOwnTrade(
  ctx: AppContext,
  user: UserRow,
  ref: TradeRef,
  key: string | undefined,
) {
  const scope = `POST /api/trades/${ref === 'current' ? 'current' : ':id'}/close`;
  const payload = ref === 'current' ? {} : { tradeId: ref.id };
  return runIdempotent<{ trade: ClosedTrade }>(
    ctx,
    { userId: user.id, key, scope, payload, target: tradeTarget(user.id, ref) },
    async (tx, _keyId, tradeId) => {
      if (!tradeId) throw refusal('NO_OPEN_TRADE');
      const locked = await repo.lockOpenTradeToClose(tx, { id: tradeId, userId: user.id });
      if (!locked) throw await refuseMissingTrade(tx, user.id, tradeId);
      // Read under the trade's lock: after any change that held it first.
      const now = await bookingTime(ctx, tx, [locked.trade.id]);
      const loaded = await stateWithPrices(tx, ctx, locked.trade.strategyId, now.getTime());
      if (!loaded) throw new Error(`strategy of trade ${locked.trade.id} is missing`);
      const nav = strategyNav(loaded.state, loaded.prices);
      const booked = await bookCloses(ctx, tx, {
        closings: [settle(locked, nav)],
        reason: 'close',
        nav,
        leadTraderId: loaded.row.leadTraderId,
        now,
      });
      const [trade] = booked.views();
      if (!trade) throw new Error('the closed trade has no view');
      return {
        status: 200,
        body: { trade },
        afterCommit: booked.afterCommit,
        lastWrites: booked.postLedger,
      };
    },
  );
}

/** A new stop-loss and/or take-profit (null: none) on one of the user's open trades. */
export async function updateTradeRules(
  ctx: AppContext,
  user: UserRow,
  ref: TradeRef,
  rules: { stopLossPct?: number | undefined; takeProfitPct?: number | null | undefined },
): Promise<CurrentTrade> {
  const tradeId = await tradeIdOf(ctx, user.id, ref);
  await ctx.db.transaction(async (tx) => {
    const trade = await repo.lockOpenTradeOfUser(tx, user.id, tradeId);
    if (!trade) throw await refuseMissingTrade(tx, user.id, tradeId);
    await repo.setCloseRules(tx, trade.id, rules);
  });
  const view = await openTradeView(ctx, user.id, { id: tradeId });
  if (!view) throw refusal('NO_OPEN_TRADE');
  ctx.realtime.publish(`user:${user.id}`, {
    type: 'trade.changed',
    data: { tradeId: view.id, status: 'open' },
  });
  return view;
}

/**
 * Closes every open practice copy of the user's at its strategy's NAV now, through the same close
 * as the owner's Close (reason `close`), inside the caller's transaction: each copy is locked
 * first, so a copy closed meanwhile (by its owner, a stop-loss or another reset) is closed once.
 * Returns how many it closed, the ledger writes to run (before anything that reads the practice
 * balance) and the announcements after the commit.
 */
export async function closePracticeCopies(
  ctx: AppContext,
  tx: Tx,
  userId: string,
): Promise<{ closed: number; postLedger: () => Promise<void>; afterCommit: () => void }> {
  const locked = await repo.lockOpenPracticeTrades(tx, userId);
  const now = await bookingTime(
    ctx,
    tx,
    locked.map((one) => one.trade.id),
  );
  const byStrategy = new Map<string, typeof locked>();
  for (const one of locked) {
    byStrategy.set(one.trade.strategyId, [...(byStrategy.get(one.trade.strategyId) ?? []), one]);
  }
  const booked: Awaited<ReturnType<typeof bookCloses>>[] = [];
  for (const [strategyId, ones] of byStrategy) {
    const loaded = await stateWithPrices(tx, ctx, strategyId, now.getTime());
    if (!loaded) throw new Error(`strategy ${strategyId} of a practice copy is missing`);
    const nav = strategyNav(loaded.state, loaded.prices);
    booked.push(
      await bookCloses(ctx, tx, {
        closings: ones.map((one) => settle(one, nav)),
        reason: 'close',
        nav,
        leadTraderId: loaded.row.leadTraderId,
        now,
      }),
    );
  }
  return {
    closed: locked.length,
    postLedger: async () => {
      for (const one of booked) await one.postLedger();
    },
    afterCommit: () => booked.forEach((one) => one.afterCommit()),
  };
}
