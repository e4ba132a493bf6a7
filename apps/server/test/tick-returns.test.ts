import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_WINDOWS, returnWindowBoundary } from '@app/shared/return-windows';
import { HOUR_MS } from '../src/modules/market/domain';
import { returnPcts, windowReturns } from '../src/modules/copy-trading/domain';
import { figuresRows } from '../src/modules/copy-trading/strategies/strategy-figures.repo';
import { writeTickReturns } from '../src/modules/copy-trading/strategies/tick-returns.repo';
import { createTestApp, type TestApp } from './harness';

/**
 * The tick's returns computed in the database (tick-returns.repo.ts) are windowReturns' over the
 * same points (domain/window-returns.ts), for any kept points and any NAV written: at NAVs on the
 * 1e-10 grid, zero and negative ones, points after now, the minute's point replacing a kept one,
 * and rounding at the half cent of a percent.
 */

let t: TestApp;
let id: string;

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.db.execute<{ id: string }>(sql`
    INSERT INTO strategies (name, cash_per_unit, nav, nav_at) VALUES ('Returns Property', 1, 1, now())
    RETURNING id::text`);
  id = rows[0]!.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const NOW = Date.UTC(2026, 10, 30, 3, 17, 42, 123);
const HOUR = Math.floor(NOW / HOUR_MS) * HOUR_MS;
const MINUTE = Math.floor(NOW / 60_000) * 60_000;

/** A NAV on the 1e-10 grid: mostly around 1, sometimes far off, zero or below. */
const navArb = fc
  .oneof(
    fc.bigInt({ min: 5_000_000_000n, max: 20_000_000_000n }),
    fc.bigInt({ min: -10_000_000_000n, max: 10_000_000_000_000n }),
    fc.constantFrom(0n, 1n, 10_000_000_000n, 10_000_500_000n, 9_999_500_000n),
  )
  .map((k) => {
    const sign = k < 0n ? '-' : '';
    const digits = (k < 0n ? -k : k).toString().padStart(11, '0');
    return `${sign}${digits.slice(0, -10)}.${digits.slice(-10)}`;
  });

/** Minutes over two years before now, and a few after it. */
const atArb = fc
  .integer({ min: -2 * 366 * 24 * 60, max: 3 })
  .map((minutes) => MINUTE + minutes * 60_000);

const caseArb = fc.record({
  points: fc.uniqueArray(fc.record({ at: atArb, nav: navArb }), {
    selector: (p) => p.at,
    maxLength: 8,
  }),
  nav: navArb,
  minute: fc.oneof(fc.constant(MINUTE), atArb),
});

describe('the tick’s returns in the database', () => {
  it('are windowReturns’ over the kept points and the NAV written', async () => {
    const boundaries = RETURN_WINDOWS.map((w) => returnWindowBoundary(w, NOW));
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ points, nav, minute }) => {
        await t.db.execute(sql`
          UPDATE strategy_figures SET window_points = ${JSON.stringify(points)}::jsonb,
            window_hour = ${new Date(HOUR).toISOString()}::timestamptz,
            return_7d_pct = NULL, return_30d_pct = NULL, return_90d_pct = NULL,
            return_1y_pct = NULL, return_all_pct = NULL
          WHERE strategy_id = ${id}`);
        const left = await writeTickReturns(t.db, [{ id, nav, minute }], {
          now: NOW,
          hour: HOUR,
          boundaries,
        });
        expect(left).toEqual({ locked: [], stale: [] });
        const expected = returnPcts(
          windowReturns([...points.filter((p) => p.at !== minute), { at: minute, nav }], NOW),
        );
        expect((await figuresRows(t.db, [id])).get(id)?.returns).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  }, 300_000);

  it('leaves a row whose points are another hour’s to the caller', async () => {
    await t.db.execute(sql`
      UPDATE strategy_figures SET window_hour = ${new Date(HOUR - HOUR_MS).toISOString()}::timestamptz
      WHERE strategy_id = ${id}`);
    const left = await writeTickReturns(t.db, [{ id, nav: '1.5', minute: MINUTE }], {
      now: NOW,
      hour: HOUR,
      boundaries: RETURN_WINDOWS.map((w) => returnWindowBoundary(w, NOW)),
    });
    expect(left).toEqual({ locked: [], stale: [id] });
  });
});
