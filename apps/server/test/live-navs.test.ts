import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { NavsEvent } from '@app/shared/schemas/realtime';
import { type ScriptedTradingApp, useSilverAllInBtc } from './copy-trading-helpers';

/**
 * The live `navs` update carries only the NAVs that moved since the last one it carried: a tick at
 * unchanged prices sends none, one where BTC moves sends the strategies whose NAV it moved — not
 * every strategy's NAV to every browser each second.
 */

let t: ScriptedTradingApp;
const world = useSilverAllInBtc((made) => (t = made.t));

/** Every strategy's NAV as the tick kept it. */
async function navs(): Promise<Map<string, string>> {
  const { rows } = await t.db.execute<{ id: string; nav: string }>(
    sql`SELECT id::text, nav::text FROM strategies`,
  );
  return new Map(rows.map((r) => [r.id, r.nav]));
}

describe('the live NAV update', () => {
  it('carries the NAVs that moved, and nothing at a tick where none did', async () => {
    const silver = (
      await t.db.execute<{ id: string }>(
        sql`SELECT strategy_id::text AS id FROM plans WHERE id = ${world.planId}`,
      )
    ).rows[0]!.id;
    await world.tickAt('100000.00');
    const publish = vi.spyOn(t.ctx.realtime, 'publish');
    const navEvents = () =>
      publish.mock.calls.flatMap(([, event]) =>
        event.type === 'navs' ? [(event as { data: NavsEvent }).data.navs] : [],
      );
    try {
      // Nothing moved: no update at all.
      await world.tickAt('100000.00');
      expect(navEvents()).toEqual([]);

      // BTC moves 1 %: exactly the strategies whose NAV moved, Silver's at 1.01 among them.
      const before = await navs();
      await world.tickAt('101000.00');
      const after = await navs();
      const moved = [...after].filter(([id, nav]) => before.get(id) !== nav).map(([id]) => id);
      expect(moved.length).toBeLessThan(after.size); // some strategies hold no BTC
      const [event, ...more] = navEvents();
      expect(more).toEqual([]);
      expect(event?.map((n) => n.id).sort()).toEqual(moved.sort());
      expect(event?.find((n) => n.id === silver)?.nav).toBe('1.01');

      // Held there: nothing again.
      await world.tickAt('101000.00');
      expect(navEvents()).toHaveLength(1);
    } finally {
      publish.mockRestore();
    }
  });
});
