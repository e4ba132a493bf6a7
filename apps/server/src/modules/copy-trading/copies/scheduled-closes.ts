import type { AppContext } from '../../../context';
import { PRICE_STALE_AFTER_MS } from '../../market';
import type { Dec } from '../../market/domain';
import { announceMoneyChanges } from '../../ledger';
import type { AlertMails } from '../../notifications';
import * as repo from './trades.repo';
import { announceTrade } from './trades.service';

/**
 * Trades closed per database transaction: bounded, so a cascade never holds locks for long (at
 * 1,000 a 10,000-copy cascade took 1.6 s against 1.1-1.2 at 500: bench/cascade-profile.ts).
 */
export const CLOSE_BATCH = 500;

/** A strategy's NAV at one price tick. */
export interface TickNav {
  strategyId: string;
  nav: Dec;
  at: Date;
}

/** One tick's NAVs, as the tick hands them over. */
export interface OfferedTick {
  at: Date;
  /** The NAVs valued anew at this tick; every other strategy's is the one `navOf` gives. */
  navs: readonly { strategyId: string; nav: Dec }[];
  /**
   * A strategy's NAV as of the newest tick, and the time (epoch ms) of the last tick that valued
   * it: `at`'s while all its prices are there (strategy-states.ts navOf); null: never valued.
   */
  navOf: (strategyId: string) => { nav: Dec; at: number } | null;
}

/**
 * Stop-losses, take-profits and term ends, closed set-based and outside the price tick.
 *
 * The tick hands over the NAVs it valued anew (`offer`) and returns at once. One worker per
 * process then closes, for each strategy, every open trade whose stop-loss or take-profit is
 * crossed at that NAV, all at that same NAV, in batches of CLOSE_BATCH (a trade cannot cross
 * both: one is a loss, the other a gain). A tick arriving while it works replaces the strategy's
 * pending NAV: the worker always checks the newest tick it has not checked, and everyone crossed at
 * a checked tick exits at that tick's NAV. A strategy is checked only when something can have
 * crossed: its NAV moved since its last check, or a copy's crossing NAVs changed (0067), so a
 * quiet tick costs one indexed read. Term ends (`termEnds`, every minute) close at the
 * strategy's NAV as of the newest tick the same way, if a tick valued it lately (its prices
 * fresh): a NAV that never moves is still valued at every tick. A trade its owner is closing is
 * waited for and then left alone (the trade's row lock decides who closes it: each close is
 * booked once).
 */
export interface ScheduledCloses {
  offer(tick: OfferedTick): void;
  termEnds(now: Date): void;
  /** Resolves when everything offered so far has been worked off (tests, shutdown). */
  settled(): Promise<void>;
}

export function createScheduledCloses(ctx: AppContext, alertMails: AlertMails): ScheduledCloses {
  const pendingStops = new Map<string, TickNav>();
  /** The newest tick offered: its time, and each strategy's NAV as of it. */
  let newest: Pick<OfferedTick, 'at' | 'navOf'> | null = null;
  /** The NAV at which each strategy's copies were last checked (all of them, without error). */
  const checked = new Map<string, Dec>();
  /** Strategies whose copies' rules changed, to check at their next NAV (none fresh yet). */
  const rulesChanged = new Set<string>();
  /** Strategies of a round that failed: checked again at the next tick's NAV. */
  const unchecked = new Set<string>();
  /** The snapshot of the last read of changed rules (0067); null: none yet, check everything. */
  let rulesSnapshot: string | null = null;
  /** Whether the newest offer's changed rules are still to be read. */
  let rulesDue = false;
  let pendingTermEnd: Date | null = null;
  let running: Promise<void> | null = null;
  /**
   * Whether a round may have closed something (its alerts' e-mails are due) or checked term ends
   * (every minute, so e-mails a failed run left due are tried again).
   */
  let mailsDue = false;

  /** Its NAV at the newest tick, if that tick valued it (null: no price, or none offered). */
  const atNewest = (strategyId: string): TickNav | null => {
    const tick = newest?.navOf(strategyId);
    if (!newest || !tick || tick.at !== newest.at.getTime()) return null;
    return { strategyId, nav: tick.nav, at: newest.at };
  };

  /**
   * A copy can cross only if its strategy's NAV moved since it was last checked, or if its
   * crossing NAVs changed since (opened, funds moved, a rule edited: rule_xid, 0067). The second
   * kind are read by the snapshot technique of 0060, before the check, so everything that read
   * saw the check sees too, and a change committed after it (or while the check runs) is read by
   * the next round. A strategy stays owed (`rulesChanged`, no `checked` NAV) until a check of it
   * completes, so a failed round loses nothing.
   */
  const readChangedRules = async () => {
    const { snapshot, strategyIds } = await repo.strategiesWithChangedRules(ctx.db, rulesSnapshot);
    rulesSnapshot = snapshot;
    for (const id of strategyIds) rulesChanged.add(id);
    for (const id of rulesChanged) {
      // Only at a NAV of the newest tick (one whose prices are stale waits for its next NAV).
      const tick = pendingStops.has(id) ? null : atNewest(id);
      if (tick) pendingStops.set(id, tick);
    }
  };

  const work = async () => {
    while (pendingStops.size > 0 || rulesDue || pendingTermEnd) {
      if (rulesDue) {
        rulesDue = false;
        await readChangedRules();
      }
      const stops = [...pendingStops.values()];
      pendingStops.clear();
      // Until checked, a failed round's strategies are checked again at the next tick.
      for (const tick of stops) unchecked.add(tick.strategyId);
      // One statement names the strategies with a crossed copy; only those take transactions.
      const crossed = await repo.strategiesWithCrossedCopies(
        ctx.db,
        stops.map((tick) => ({ strategyId: tick.strategyId, nav: tick.nav.toFixed() })),
      );
      for (const tick of stops) {
        if (!crossed.has(tick.strategyId)) continue;
        mailsDue = true;
        await closeAllDue(ctx, tick, { reason: 'price', nav: tick.nav.toFixed() });
      }
      for (const tick of stops) {
        checked.set(tick.strategyId, tick.nav);
        rulesChanged.delete(tick.strategyId);
        unchecked.delete(tick.strategyId);
      }
      const termEnd = pendingTermEnd;
      pendingTermEnd = null;
      if (termEnd) {
        mailsDue = true;
        for (const strategyId of await repo.strategiesWithEndedTerms(ctx.db, termEnd)) {
          const tick = newest?.navOf(strategyId);
          // No fresh NAV (its prices are stale): the term end waits for the next price.
          if (!tick || termEnd.getTime() - tick.at > PRICE_STALE_AFTER_MS) continue;
          const at = new Date(tick.at);
          await closeAllDue(
            ctx,
            { strategyId, nav: tick.nav, at },
            { reason: 'term_end', now: termEnd },
          );
        }
      }
    }
  };

  const kick = () => {
    running ??= work()
      .catch((error: unknown) => ctx.log.error({ err: error }, 'scheduled closes failed'))
      .finally(() => {
        running = null;
        // The e-mails once the round's closes are all in, not beside them.
        if (mailsDue) {
          mailsDue = false;
          alertMails.kick();
        }
        // Offered while the last round was ending.
        if (pendingStops.size > 0 || rulesDue || pendingTermEnd) kick();
      });
  };

  return {
    offer(tick) {
      newest = { at: tick.at, navOf: tick.navOf };
      for (const { strategyId, nav } of tick.navs) {
        // An unchanged NAV crosses nothing its last check did not (changed rules are read apart).
        const last = checked.get(strategyId);
        const moved = last === undefined || (last !== nav && !last.eq(nav));
        if (moved || rulesChanged.has(strategyId))
          pendingStops.set(strategyId, { strategyId, nav, at: tick.at });
      }
      for (const id of unchecked) {
        const again = pendingStops.has(id) ? null : atNewest(id);
        if (again) pendingStops.set(id, again);
      }
      rulesDue = true;
      kick();
    },
    termEnds(now) {
      pendingTermEnd = now;
      kick();
    },
    async settled() {
      while (running) await running;
    },
  };
}

/**
 * Closes every open trade of the strategy that `rule` takes at `tick`'s NAV: the due trades are
 * listed once, then closed in batches of CLOSE_BATCH, `config.closeWorkers` batches at a time
 * (CLOSE_WORKERS, default 2; each batch its own transaction on its own connection). Nearly all of
 * a close's work is the database's, so the pace follows its cores (docs/deploy.md: one worker to
 * two on two cores, 1.79 s to 1.2-1.6 s for 10,000). Each trade's row lock decides who closes it,
 * so batches running side by side, and owners closing their own trades meanwhile, close each
 * trade once.
 * Each batch's owners see their trades closed and their alerts as it commits; the alerts'
 * e-mails are rendered once the last batch is in (mailDueAlerts), so they do not compete with the
 * closes for the process.
 */
async function closeAllDue(ctx: AppContext, tick: TickNav, rule: repo.DueRule): Promise<number> {
  const ids = await repo.dueTradeIds(ctx.db, tick.strategyId, rule);
  const batches: string[][] = [];
  for (let from = 0; from < ids.length; from += CLOSE_BATCH) {
    batches.push(ids.slice(from, from + CLOSE_BATCH));
  }
  let closed = 0;
  let next = 0;
  let failed = false;
  const worker = async () => {
    for (let batch = batches[next++]; batch && !failed; batch = batches[next++]) {
      const ofBatch = batch;
      try {
        const outcome = await withDeadlockRetry(() => closeBatch(ctx, tick, rule, ofBatch));
        closed += outcome.closed;
        outcome.afterCommit();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = await Promise.allSettled(
    Array.from({ length: Math.min(ctx.config.closeWorkers, batches.length) }, worker),
  );
  for (const one of workers) if (one.status === 'rejected') throw one.reason;
  return closed;
}

/**
 * One batch of closeAllDue: those of `ids` still open and due, closed in one transaction by one
 * statement (repo.closeDueCopies: the database judges, settles and books them). Their owners are
 * told once it commits; each alert's e-mail is rendered after the cascade (mailDueAlerts).
 */
async function closeBatch(
  ctx: AppContext,
  tick: TickNav,
  rule: repo.DueRule,
  ids: readonly string[],
) {
  // One statement, so its own transaction: no BEGIN and COMMIT round trips around it.
  const closes = await repo.closeDueCopies(ctx.db, {
    strategyId: tick.strategyId,
    ids,
    nav: tick.nav.toFixed(),
    rule,
    now: ctx.clock.now(),
  });
  return {
    closed: closes.length,
    afterCommit: () => {
      for (const close of closes) announceTrade(ctx, close.userId, close.tradeId, 'closed');
      // Every scheduled close alerts its owner: each owner's bell refreshes once.
      for (const userId of new Set(closes.map((close) => close.userId))) {
        ctx.realtime.publish(`user:${userId}`, { type: 'notifications.changed' });
      }
      // The lead trader's newest fee names their change (as an owner's Close does).
      const fee = closes.findLast((close) => close.fee !== null)?.fee;
      announceMoneyChanges(ctx, [
        ...closes.map((close) => ({
          userId: close.userId,
          transactionId: close.creditId ?? undefined,
        })),
        ...(fee ? [fee] : []),
      ]);
    },
  };
}

/**
 * A batch that lost a deadlock is simply run again. Rare: every writer takes user accounts, then
 * STRATEGY_PNL, then the strategy's figures (close_due_copies, bookCloses), but a lead trader's
 * own account is a user account taken late by a batch that pays them fees.
 */
async function withDeadlockRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string; cause?: { code?: string } }).code;
      const causeCode = (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 5 || (code !== '40P01' && causeCode !== '40P01')) throw error;
    }
  }
}
