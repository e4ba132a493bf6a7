import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitsValueCents } from '@app/shared/funds-removal';
import { Dec } from '../src/modules/market/domain';
import { unitsValueCentsInSql } from '../src/modules/copy-trading/copies/trades.repo';
import { createTestApp, type TestApp } from './harness';

/**
 * A copy's value, floor(units × NAV × 100) cents and never below 0, is written once in
 * TypeScript (unitsValueCents in packages/shared, which the domain calls) and once in SQL (the
 * form the stop-loss and take-profit pre-filters compare with). Here PostgreSQL and TypeScript
 * value the same units at the same NAVs, many of them a step away from a whole cent, and must
 * agree every time.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STEP = new Dec('1e-10');

/** Any NAV to 10 decimals (as stored), or one that puts `units` on a whole cent, ± one step. */
function navFor(units: Dec): fc.Arbitrary<string> {
  const any = fc
    .bigInt({ min: -(10n ** 10n), max: 10n ** 16n })
    .map((n) => STEP.times(n.toString()).toFixed(10));
  if (units.isZero()) return any;
  const nearCent = fc
    .record({
      cents: fc.bigInt({ min: 1n, max: 10n ** 12n }),
      step: fc.integer({ min: -1, max: 1 }),
    })
    .map(({ cents, step }) =>
      new Dec(cents.toString())
        .div(100)
        .div(units)
        .toDecimalPlaces(10, Dec.ROUND_DOWN)
        .plus(STEP.times(step))
        .toFixed(10),
    );
  return fc.oneof(any, nearCent);
}

/** Units to 8 decimals (as stored), with a NAV to value them at. */
const caseArb = fc
  .bigInt({ min: 0n, max: 10n ** 17n })
  .map((n) => new Dec(n.toString()).div(1e8))
  .chain((units) => navFor(units).map((nav) => ({ units: units.toFixed(8), nav })));

describe('the valuation rule', () => {
  it('is the same in PostgreSQL as in TypeScript', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ units, nav }) => {
        const inSql = await unitsValueCentsInSql(t.db, units, nav);
        expect(inSql, `${units} units at ${nav}`).toBe(unitsValueCents(units, nav));
      }),
      { numRuns: 300 },
    );
  });

  it('values worked examples to the cent', async () => {
    expect(await unitsValueCentsInSql(t.db, '267.03298846', '1.1234567')).toBe(30_000n);
    expect(await unitsValueCentsInSql(t.db, '267.03298845', '1.1234567')).toBe(29_999n);
    expect(await unitsValueCentsInSql(t.db, '100', '-0.5')).toBe(0n);
  });
});
