import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useSilverAllInBtc, type ScriptedTradingApp } from './copy-trading-helpers';

/**
 * The term end closes at a strategy's NAV as of the newest tick only while its prices are fresh
 * (scheduled-closes.ts): a tick values anew only the strategies whose prices or state changed
 * (strategy-states.ts), so a NAV that never moves is fresh at every tick all the same.
 */

let t: ScriptedTradingApp;
const DAY_MS = 86_400_000;
const silver = useSilverAllInBtc((made) => (t = made.t));

async function closeOf(tradeId: string) {
  const { rows } = await t.db.execute<{ close_reason: string | null; exit_nav: string | null }>(
    sql`SELECT close_reason, exit_nav::text FROM trades WHERE id = ${tradeId}`,
  );
  return rows[0];
}

describe('the term end of a copy whose NAV never moves', () => {
  it('closes at it while its prices are fresh, never at a stale one', async () => {
    await silver.tickAt('100000.00');
    const { trade } = await silver.copier('Flat Investor', 500_000, { amount: '2000' });
    const termEnd = async () => {
      t.trading.closes.termEnds(t.clock.now());
      await t.trading.closes.settled();
      return closeOf(trade.id);
    };
    // A week without a tick: its NAV is stale, the term end waits for a price.
    t.clock.advance(7 * DAY_MS);
    expect(await termEnd()).toMatchObject({ close_reason: null });
    // Ticks at the same price value nothing anew, yet its NAV is fresh again: the term end closes.
    await silver.tickAt('100000.00');
    await silver.tickAt('100000.00');
    expect(await termEnd()).toMatchObject({ close_reason: 'term_end', exit_nav: '1' });
  });
});
