import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '@app/shared/money';
import { englishDescription } from '@app/shared/schemas/transaction-descriptions';
import { STOP_LOSS_PCT, TAKE_PROFIT_PCT } from '@app/shared/schemas/trades';
import { Dec } from '../src/modules/market/domain';
import { settleTrade } from '../src/modules/copy-trading/domain/performance-fee';
import {
  isTermOver,
  priceCloseReasonAtValue,
  type Lot,
  type Trade,
} from '../src/modules/copy-trading/domain/trade';
import { createTestApp, type TestApp } from './harness';

/**
 * A cascade's closes are settled and described in PostgreSQL (close_due_copies, migration 0083),
 * by SQL forms of the domain's rules: the settlement (settleTrade: value, the lots' fee capped at
 * the profit, the highest mark), why a copy closes (priceCloseReasonAtValue, isTermOver) and the
 * English sentences (formatUsd, englishDescription). Here both sides answer the same random cases
 * and must agree exactly, text for text.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STEP = new Dec('1e-10');

/** A NAV on the 1e-10 grid, from a millionth to a million. */
const navArb = fc
  .bigInt({ min: 10n ** 4n, max: 10n ** 16n })
  .map((n) => STEP.times(n.toString()).toFixed());

const unitsArb = fc.bigInt({ min: 1n, max: 10n ** 15n }).map((n) => new Dec(n.toString()).div(1e8));

const lotArb: fc.Arbitrary<Lot> = fc
  .record({ units: unitsArb, mark: navArb })
  .map(({ units, mark }) => ({ units, highWaterNav: new Dec(mark) }));

/** A copy in one to three lots, stored as lots or (one lot) as the columns alone (pre-0030). */
const settleCaseArb = fc.record({
  amountCents: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  lots: fc.array(lotArb, { minLength: 1, maxLength: 3 }),
  storedLots: fc.boolean(),
  feePct: fc.integer({ min: 0, max: 10_000 }).map((n) => new Dec(n).div(100).toFixed()),
  nav: navArb,
});

function tradeOf(amountCents: bigint, lots: Lot[]): Trade {
  const units = lots.reduce((sum, lot) => sum.plus(lot.units), new Dec(0));
  return {
    amountCents,
    units,
    entryNav: new Dec(1),
    lots,
    openedAt: 0,
    closesAt: 1,
    stopLossPct: 50,
    takeProfitPct: null,
  };
}

describe('the settlement of a scheduled close in SQL', () => {
  it('is settleTrade’s value, fee and mark, for copies in one or several lots', async () => {
    await fc.assert(
      fc.asyncProperty(settleCaseArb, async ({ amountCents, lots, storedLots, feePct, nav }) => {
        const used = storedLots ? lots : lots.slice(0, 1);
        const trade = tradeOf(amountCents, used);
        const expected = settleTrade(trade, nav, feePct);
        const [first] = used;
        if (!first) throw new Error('a copy holds a lot');
        const stored = storedLots
          ? JSON.stringify(
              used.map((lot) => ({
                units: lot.units.toFixed(),
                highWaterNav: lot.highWaterNav.toFixed(),
              })),
            )
          : null;
        const { rows } = await t.db.execute<{ value: string; fee: string; mark: string }>(sql`
          SELECT value_cents::text AS value, fee_cents::text AS fee, mark::text AS mark
          FROM copy_settlement(${amountCents.toString()}::bigint, ${trade.units.toFixed()}::numeric,
            ${stored}::jsonb, ${first.highWaterNav.toFixed()}::numeric, ${feePct}::numeric,
            ${nav}::numeric)`);
        expect(rows[0]).toEqual({
          value: expected.valueCents.toString(),
          fee: expected.feeCents.toString(),
          mark: expected.highWaterNav.toFixed(),
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('why a scheduled close takes a copy, in SQL', () => {
  it('is the domain’s stop-loss, take-profit or term end', async () => {
    const caseArb = fc.record({
      amountCents: fc.bigInt({ min: 1n, max: 10n ** 12n }),
      // Around the amount, where the rules turn.
      valuePct: fc.integer({ min: 0, max: 300 }),
      nudge: fc.integer({ min: -2, max: 2 }),
      stopLossPct: fc.integer(STOP_LOSS_PCT),
      takeProfitPct: fc.option(fc.integer(TAKE_PROFIT_PCT)),
      termEnd: fc.option(fc.integer({ min: -2, max: 2 })),
    });
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const raw = (c.amountCents * BigInt(c.valuePct)) / 100n + BigInt(c.nudge);
        const valueCents = raw < 0n ? 0n : raw;
        const closesAt = Date.UTC(2026, 0, 1);
        const domain = {
          ...tradeOf(c.amountCents, [{ units: new Dec(1), highWaterNav: new Dec(1) }]),
          stopLossPct: c.stopLossPct,
          takeProfitPct: c.takeProfitPct,
          closesAt,
        };
        const expected =
          c.termEnd === null
            ? priceCloseReasonAtValue(domain, valueCents)
            : isTermOver(domain, closesAt + c.termEnd)
              ? 'term_end'
              : null;
        const termEnd = c.termEnd === null ? null : new Date(closesAt + c.termEnd).toISOString();
        const { rows } = await t.db.execute<{ reason: string | null }>(sql`
          SELECT copy_due_reason(${c.amountCents.toString()}::bigint,
            ${valueCents.toString()}::bigint, ${c.stopLossPct}::int, ${c.takeProfitPct}::int,
            ${new Date(closesAt).toISOString()}::timestamptz, ${termEnd}::timestamptz) AS reason`);
        expect(rows[0]?.reason ?? null).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the descriptions of a scheduled close, in SQL', () => {
  it('are formatUsd’s amounts and englishDescription’s sentences', async () => {
    const caseArb = fc.record({
      cents: fc.oneof(
        fc.bigInt({ min: -(10n ** 8n), max: 10n ** 8n }),
        fc.bigInt({ min: -(2n ** 63n) + 1n, max: 2n ** 63n - 1n }),
      ),
      amountCents: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      profitCents: fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
      reason: fc.constantFrom('claim', 'close', 'stop_loss', 'take_profit', 'term_end' as const),
      plan: fc.string({ minLength: 1, maxLength: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const { rows } = await t.db.execute<{ usd: string; close: string }>(sql`
          SELECT usd_text(${c.cents.toString()}::bigint) AS usd,
            trade_close_text(${c.reason}, ${c.plan}, ${c.amountCents}::bigint,
              ${c.profitCents}::bigint) AS close`);
        expect(rows[0]).toEqual({
          usd: formatUsd(c.cents),
          close: englishDescription({
            code: 'trade_close',
            reason: c.reason,
            plan: c.plan,
            amountCents: c.amountCents,
            profitCents: c.profitCents,
          }),
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('the public ids of a scheduled close’s transactions, drawn in SQL', () => {
  it('are TNX- and six letters or digits, each character as likely as any other', async () => {
    const { rows } = await t.db.execute<{ id: string }>(
      sql`SELECT transaction_id_of(uuid_send(gen_random_uuid())) AS id FROM generate_series(1, 6000)`,
    );
    const counts = new Map<string, number>();
    for (const { id } of rows) {
      expect(id).toMatch(/^TNX-[A-Z0-9]{6}$/);
      for (const char of id.slice(4)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    // 36,000 characters, 1,000 expected of each: every one of the 36 is drawn, none far off.
    expect(counts.size).toBe(36);
    for (const count of counts.values()) expect(count).toBeGreaterThan(800);
    for (const count of counts.values()) expect(count).toBeLessThan(1200);
  });
});
