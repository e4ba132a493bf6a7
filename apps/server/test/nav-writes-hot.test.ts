import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Dec } from '../src/modules/market/domain';
import { recordNavs } from '../src/modules/copy-trading/strategies/strategies.repo';
import { createTestApp } from './harness';
import { insertTickStrategies } from './nav-tick-helpers';

/**
 * The tick's NAV writes keep each strategy on its page (0076): its nav and nav_at are rewritten
 * every second the market moves, and a version written on the same page is a HOT update, which
 * writes no index entry. At a fillfactor of 100 a full page sends the new version elsewhere.
 */
describe('the NAV writes of a moving market', () => {
  it('leave each strategy on its page', async () => {
    const t = await createTestApp();
    try {
      // Enough rows to fill pages: about 60 strategies a page at 100 %.
      await insertTickStrategies(t, { prefix: 'Hot', count: 600, withPositions: 0 });
      const pages = async () => {
        const { rows } = await t.db.execute<{ id: string; page: string }>(sql`
          SELECT id::text, (ctid::text::point)[0]::text AS page FROM strategies
          WHERE name LIKE 'Hot %'`);
        return new Map(rows.map((r) => [r.id, r.page]));
      };
      const before = await pages();
      const ids = [...before.keys()];
      const minute = Math.ceil(t.clock.now().getTime() / 60_000) * 60_000;
      // One tick: the page's room takes every row's next version. (Later ticks reuse the room as
      // pruning frees it, which waits on every older snapshot: not a thing a test can pin.)
      await recordNavs(
        t.db,
        ids.map((id) => ({ id, nav: new Dec('1.001'), minute, latest: true })),
        new Date(minute),
      );
      const after = await pages();
      const moved = ids.filter((id) => before.get(id) !== after.get(id));
      // At 100 %: all 600 moved (full pages).
      expect(moved.length).toBeLessThan(60);
    } finally {
      await t.close();
    }
  }, 120_000);
});
