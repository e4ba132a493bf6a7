import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StrategyRecord } from '@app/shared/schemas/strategies';
import type { DbOrTx } from '../src/db/client';
import { HOUR_MS } from '../src/modules/market/domain';
import { startOfUtcDay } from '../src/modules/copy-trading/domain/nav-history';
import {
  copierOutcomes,
  copyingFromDays,
  copyingOverTime,
  keptCopierOutcomes,
} from '../src/modules/copy-trading/domain/strategy-record';
import { navSeries } from '../src/modules/copy-trading/strategies/record.repo';
import {
  copyingDays,
  copyingDaysQuery,
  keptOutcomes,
  keptOutcomesQuery,
} from '../src/modules/copy-trading/strategies/copier-record.repo';
import { adminClient, registerUser, TestClient, VALID_PASSWORD } from './harness';
import { fundedInvestor } from './money-helpers';
import {
  openCopy,
  passTime,
  type ScriptedTradingApp,
  useSilverAllInBtc,
} from './copy-trading-helpers';

/**
 * A strategy's page states what copiers earned and the copying chart from what migration 0066
 * keeps (issue 43: a page as fast with 100,000 copies as with 100). After every kind of change
 * of its copies — opens, the owner's close, a stop-loss cascade's batch, a term's end, practice
 * copies, funds added and removed, deleted rows, days turning — the page's figures are exactly the
 * domain functions over every copy, read the old way (all of them); and the page's reads never
 * scan the strategy's copies.
 */

let t: ScriptedTradingApp;
const world = useSilverAllInBtc((made) => ({ t } = made));

/** Every real copy of the strategy and its funds changes, as the page read them before 0066. */
async function everyCopy(db: DbOrTx, strategyId: string) {
  const rows = (
    await db.execute<{
      amount_cents: string;
      payout_cents: string | null;
      opened_at: Date;
      closed_at: Date | null;
      units: string;
      changes: { at: string; units: string }[];
    }>(sql`
      SELECT amount_cents::text, payout_cents::text, opened_at, closed_at, units::text,
        coalesce((SELECT json_agg(json_build_object('at', c.created_at,
                    'units', trade_change_units(c.kind, c.units)::text) ORDER BY c.created_at)
                  FROM trade_changes c WHERE c.trade_id = t.id), '[]') AS changes
      FROM trades t WHERE strategy_id = ${strategyId} AND book = 'real'`)
  ).rows;
  return {
    opened: rows.length,
    closed: rows.flatMap((r) =>
      r.payout_cents === null
        ? []
        : [{ amountCents: BigInt(r.amount_cents), payoutCents: BigInt(r.payout_cents) }],
    ),
    spans: rows.map((r) => ({
      openedAt: new Date(r.opened_at).getTime(),
      closedAt: r.closed_at === null ? null : new Date(r.closed_at).getTime(),
      units: r.units,
      unitChanges: r.changes.map((c) => ({ at: Date.parse(c.at), units: c.units })),
    })),
  };
}

/** The figures over every copy (the domain functions) and as kept, side by side. */
async function bothWays(db: DbOrTx, strategyId: string) {
  const daily = (await navSeries(db, strategyId, 0, 'day')).map((p) => ({
    at: p.at.getTime(),
    nav: p.nav,
  }));
  const copies = await everyCopy(db, strategyId);
  return {
    live: {
      outcomes: copierOutcomes(copies.opened, copies.closed),
      copying: copyingOverTime(copies.spans, daily),
    },
    kept: {
      outcomes: keptCopierOutcomes(await keptOutcomes(db, strategyId)),
      copying: copyingFromDays(await copyingDays(db, strategyId), daily),
    },
  };
}

/** The copy's owner signed in again (their session has ended after a day). */
async function signedInAgain(tradeId: string): Promise<TestClient> {
  const email = (
    await t.db.execute<{ email: string }>(
      sql`SELECT u.email FROM users u JOIN trades t ON t.user_id = u.id WHERE t.id = ${tradeId}`,
    )
  ).rows[0]!.email;
  const client = new TestClient(t.app);
  const login = await client.post('/api/auth/login', { email, password: VALID_PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  return client;
}

let strategyId: string;
beforeAll(async () => {
  strategyId = (
    await t.db.execute<{ id: string }>(
      sql`SELECT strategy_id::text AS id FROM plans WHERE id = ${world.planId}`,
    )
  ).rows[0]!.id;
});

/** The page (GET …/record) states exactly the domain functions over every copy. */
async function pageEqualsEveryCopy(step: string) {
  const { live, kept } = await bothWays(t.db, strategyId);
  expect(kept, step).toEqual(live);
  const page = await new TestClient(t.app).get(`/api/strategies/${strategyId}/record`);
  expect(page.statusCode, page.body).toBe(200);
  const record = page.json<StrategyRecord>();
  expect(record.copierOutcomes, step).toEqual(live.outcomes);
  expect(record.copying, step).toEqual(
    live.copying.map((p) => ({
      at: new Date(p.at).toISOString(),
      copiers: p.copiers,
      aumCents: Number(p.aumCents),
    })),
  );
  return record;
}

describe("a strategy's page from its kept copier figures", () => {
  it('equals the domain functions over every copy after each change', async () => {
    await pageEqualsEveryCopy('no copies');

    // Six copiers, stops at 10 % to 35 %.
    const copiers = [];
    for (let i = 0; i < 6; i += 1) {
      copiers.push(
        await world.copier(`Copier ${i}`, 1_000_000, {
          amount: String(1_000 + 250 * i),
          stopLossPct: 10 + 5 * i,
        }),
      );
    }
    await pageEqualsEveryCopy('opened');

    // A practice copy (virtual money) never counts.
    const practiser = await registerUser(t.app, { name: 'Pat Practice' });
    await t.db.execute(
      sql`UPDATE users SET email_verified_at = now() WHERE id = ${practiser.user.id}`,
    );
    expect((await practiser.client.post('/api/practice/start')).statusCode).toBe(201);
    const practice = await practiser.client.post('/api/trades', {
      planId: world.planId,
      amount: '1500',
      book: 'practice',
    });
    expect(practice.statusCode, practice.body).toBe(201);
    await pageEqualsEveryCopy('practice copy opened');

    // BTC +8 %; funds added to one copy, removed from another: their units change.
    await world.tickAt('108000.00');
    const [c0, c1, c2] = copiers;
    const added = await c0!.client.post(`/api/trades/${c0!.trade.id}/add-funds`, {
      amount: '500',
    });
    expect(added.statusCode, added.body).toBe(200);
    const removed = await c1!.client.post(`/api/trades/${c1!.trade.id}/remove-funds`, {
      amount: '300',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await pageEqualsEveryCopy('funds added and removed');

    // The owner closes with a profit; the practice copy closes too.
    expect((await c2!.client.post('/api/trades/current/close', {})).statusCode).toBe(200);
    const practiceId = practice.json<{ trade: { id: string } }>().trade.id;
    const practiceClosed = await practiser.client.post(`/api/trades/${practiceId}/close`);
    expect(practiceClosed.statusCode, practiceClosed.body).toBe(200);
    await pageEqualsEveryCopy("owner's close");

    // A day turns (in steps, as the scheduler would run): the chart gains the new day's point.
    for (let i = 0; i < 5; i += 1) await passTime(t, 5 * HOUR_MS);
    const dayBefore = await pageEqualsEveryCopy('a day later');

    // Funds added, removed and profit claimed a day after the copies opened: each books on its
    // own day, so the days before keep the units the copies held then.
    const changedOn = startOfUtcDay(t.clock.now().getTime());
    const [, , , c3, c4, c5] = copiers;
    const change = async (trade: { id: string }, action: string, amount?: string) =>
      (await signedInAgain(trade.id)).post(
        `/api/trades/${trade.id}/${action}`,
        amount === undefined ? undefined : { amount },
      );
    const changes = [
      await change(c0!.trade, 'add-funds', '700'),
      await change(c4!.trade, 'remove-funds', '400'),
      await change(c5!.trade, 'claim'),
      await change(c3!.trade, 'add-funds', '100'),
    ];
    for (const change of changes) expect(change.statusCode, change.body).toBe(200);
    const pastPoints = (record: StrategyRecord) =>
      record.copying.filter((p) => Date.parse(p.at) < changedOn);
    expect(pastPoints(dayBefore).length).toBeGreaterThan(0);
    expect(pastPoints(await pageEqualsEveryCopy('funds changed a day later'))).toEqual(
      pastPoints(dayBefore),
    );

    // A term ends: the copy's end brought forward to the next minute.
    await t.db.execute(
      sql`UPDATE trades SET closes_at = ${new Date(
        t.clock.now().getTime() + 30_000,
      ).toISOString()}::timestamptz WHERE id = ${copiers[3]!.trade.id}`,
    );
    await passTime(t, 60_000);
    const ended = await t.db.execute<{ reason: string | null }>(
      sql`SELECT close_reason AS reason FROM trades WHERE id = ${copiers[3]!.trade.id}`,
    );
    expect(ended.rows[0]?.reason).not.toBeNull();
    await pageEqualsEveryCopy('term end');

    // BTC falls 30 %: the stop-loss cascade closes the copies whose stops it crosses, in a batch.
    await world.tickAt('75600.00');
    const open = await t.db.execute<{ n: string }>(
      sql`SELECT count(*)::text AS n FROM trades
          WHERE strategy_id = ${strategyId} AND book = 'real' AND status = 'open'`,
    );
    expect(Number(open.rows[0]?.n)).toBeLessThan(3);
    const record = await pageEqualsEveryCopy('stop-loss cascade');
    expect(record.copierOutcomes.closed).toBeGreaterThanOrEqual(4);

    // Another day (every session has ended: a new admin signs in); then a copier after the fall.
    for (let i = 0; i < 5; i += 1) await passTime(t, 5 * HOUR_MS);
    const late = await fundedInvestor(t, await adminClient(t), 1_000_000, 'Late copier');
    await openCopy(late.client, { planId: world.planId, amount: '2000', stopLossPct: 50 });
    // The funds changes were yesterday: the day before still states what it did before them.
    expect(pastPoints(await pageEqualsEveryCopy('a late copy'))).toEqual(pastPoints(dayBefore));
  }, 120_000);

  it('stays exact when owners close at the same moment, and racing a cascade', async () => {
    const admin = await adminClient(t);
    const racers = [];
    for (let i = 0; i < 8; i += 1) {
      const { client } = await fundedInvestor(t, admin, 1_000_000, `Racer ${i}`);
      await openCopy(client, { planId: world.planId, amount: String(1_000 + 37 * i) });
      racers.push(client);
    }
    await world.tickAt('81000.00');
    const closes = await Promise.all(
      racers.map((client) => client.post('/api/trades/current/close', {})),
    );
    expect(closes.map((c) => c.statusCode)).toEqual(racers.map(() => 200));
    await pageEqualsEveryCopy('eight closes at once');

    // Eight more with a 10 % stop; BTC falls through every stop while four owners close their own.
    const more = [];
    for (let i = 0; i < 8; i += 1) {
      const { client } = await fundedInvestor(t, admin, 1_000_000, `Racer ${8 + i}`);
      await openCopy(client, {
        planId: world.planId,
        amount: String(1_200 + 53 * i),
        stopLossPct: 10,
      });
      more.push(client);
    }
    const [, ...owners] = await Promise.all([
      world.tickAt('60000.00'),
      ...more.slice(0, 4).map((client) => client.post('/api/trades/current/close', {})),
    ]);
    for (const owner of owners) expect([200, 404, 409]).toContain(owner?.statusCode);
    const left = await t.db.execute<{ n: string }>(
      sql`SELECT count(*)::text AS n FROM trades WHERE strategy_id = ${strategyId}
          AND book = 'real' AND status = 'open' AND stop_loss_pct = 10`,
    );
    expect(left.rows[0]?.n).toBe('0');
    await pageEqualsEveryCopy('a cascade racing owners');
  }, 120_000);

  it('quartiles stay exact through batches of closes, corrections and deletions; the migration fills the same rows', async () => {
    // Inside one transaction, rolled back (these rows have no bookings): hundreds of closed copies
    // with returns that tie and interleave, closed in batches as the cascade closes them; then what
    // only a hand edit past the trades guard can do (a closed copy's payout changed, rows
    // deleted), which moves a copy in the order or takes away the one a marker stands on.
    const template = (
      await t.db.execute<{ id: string }>(
        sql`SELECT id::text FROM trades WHERE strategy_id = ${strategyId} AND book = 'real' LIMIT 1`,
      )
    ).rows[0]!.id;
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const rollback = new Error('rollback');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE trades DISABLE TRIGGER trades_guard`);
        await tx.execute(sql`ALTER TABLE trades DISABLE TRIGGER trades_never_deleted`);
        // Many open copies of one user and plan (only here: the rows share the template's).
        await tx.execute(sql`DROP INDEX trades_one_open_per_plan`);
        const check = async (step: string) => {
          const { live, kept } = await bothWays(tx, strategyId);
          expect(kept, step).toEqual(live);
        };
        for (let batch = 0; batch < 12; batch += 1) {
          const size = 1 + random(120);
          const rows = Array.from({ length: size }, () => {
            const amount = 100_000 + random(5) * 1_000;
            // Returns from −40 % to +40 % in coarse steps: many exact ties.
            const payout = Math.floor((amount * (60 + random(9) * 10)) / 100) + random(2);
            // A third written closed at once, the rest closed by one UPDATE after.
            return `(${amount}, ${payout}, ${random(3)}, ${random(3) === 0})`;
          });
          await tx.execute(
            sql.raw(`INSERT INTO trades (id, user_id, plan_id, strategy_id, amount_cents, units,
                entry_nav, high_water_nav, performance_fee_pct, stop_loss_pct, status, opened_at,
                closes_at, closed_at, close_reason, exit_nav, value_cents, fee_cents, payout_cents,
                book)
              SELECT gen_random_uuid(), t.user_id, t.plan_id, t.strategy_id, v.amount, t.units,
                t.entry_nav, t.high_water_nav, t.performance_fee_pct, t.stop_loss_pct,
                CASE WHEN v.now THEN 'closed' ELSE 'open' END,
                t.opened_at - v.days * interval '1 day', t.closes_at,
                CASE WHEN v.now THEN t.opened_at + interval '1 hour' END,
                CASE WHEN v.now THEN 'close' END, CASE WHEN v.now THEN t.entry_nav END,
                CASE WHEN v.now THEN v.payout END, CASE WHEN v.now THEN 0 END,
                CASE WHEN v.now THEN v.payout END,
                CASE WHEN v.days = 2 AND v.amount = 100000 THEN 'practice' ELSE 'real' END
              FROM trades t, (VALUES ${rows.join(', ')}) AS v(amount, payout, days, now)
              WHERE t.id = '${template}'`),
          );
          await check(`batch ${batch}: ${size} copies`);
          await tx.execute(sql`UPDATE trades SET status = 'closed', closed_at = opened_at + interval '1 hour',
              close_reason = 'stop_loss', exit_nav = entry_nav, fee_cents = 0,
              value_cents = amount_cents * 3 / 4 + (amount_cents / 1000) % 7,
              payout_cents = amount_cents * 3 / 4 + (amount_cents / 1000) % 7
            WHERE strategy_id = ${strategyId} AND status = 'open' AND id <> ${template}`);
          await check(`batch ${batch}: closed`);
          if (batch % 3 === 1) {
            // A correction of some payouts (a row's place in the order moves).
            const delta = random(20_000) - 10_000;
            await tx.execute(
              sql.raw(`UPDATE trades SET payout_cents = payout_cents + ${delta},
                  value_cents = value_cents + ${delta}
                WHERE strategy_id = '${strategyId}' AND payout_cents IS NOT NULL
                  AND book = 'real' AND id <> '${template}' AND random() < 0.2`),
            );
            await check(`batch ${batch}: corrections`);
          }
          if (batch % 4 === 3) {
            // Only rows made here (version-4 ids; the product's are version 7): nothing refers to them.
            await tx.execute(
              sql.raw(`DELETE FROM trades WHERE strategy_id = '${strategyId}'
                AND payout_cents IS NOT NULL AND id <> '${template}' AND random() < 0.3
                AND substr(id::text, 15, 1) = '4'`),
            );
            await check(`batch ${batch}: deletions`);
          }
        }
        // The migration's fill for the copies already there states the same rows afresh.
        const kept = async () =>
          (
            await tx.execute<{ rows: string }>(sql`SELECT
              (SELECT string_agg(format('%s %s %s %s', strategy_id, day, copiers, units), ';'
                 ORDER BY strategy_id, day)
               FROM copying_days WHERE copiers <> 0 OR units <> 0) || '|' ||
              (SELECT string_agg(o::text, ';' ORDER BY strategy_id) FROM copier_outcomes o
               WHERE opened <> 0) AS rows`)
          ).rows[0]?.rows;
        const before = await kept();
        expect(before).toMatch(/\|\(/);
        await tx.execute(sql`DELETE FROM copying_days`);
        await tx.execute(sql`DELETE FROM copier_outcomes`);
        const migration = await readFile(
          path.resolve(import.meta.dirname, '../src/db/migrations/0066_copier_record.sql'),
          'utf8',
        );
        const fill = migration.slice(migration.indexOf('-- The copies already there'));
        await tx.execute(sql.raw(fill));
        // 0073 moves each funds change to its own day.
        const days = await readFile(
          path.resolve(
            import.meta.dirname,
            '../src/db/migrations/0073_copying_days_funds_changes.sql',
          ),
          'utf8',
        );
        await tx.execute(sql.raw(days.slice(days.indexOf('-- The changes booked before 0073'))));
        expect(await kept()).toBe(before);
        await check('filled by the migration');
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  }, 120_000);

  it('is what the triggers keep: without them the page falls behind', async () => {
    const triggers = ['trades_record_insert', 'trades_record_update', 'trades_record_delete'];
    const rollback = new Error('rollback');
    await expect(
      t.db.transaction(async (tx) => {
        for (const name of triggers)
          await tx.execute(sql.raw(`ALTER TABLE trades DISABLE TRIGGER ${name}`));
        await tx.execute(sql`UPDATE trades SET status = 'closed', closed_at = opened_at + interval '1 second',
          payout_cents = amount_cents * 2, value_cents = amount_cents * 2, fee_cents = 0,
          close_reason = 'close', exit_nav = entry_nav
          WHERE strategy_id = ${strategyId} AND book = 'real' AND status = 'open'`);
        const { live, kept } = await bothWays(tx, strategyId);
        expect(kept.outcomes).not.toEqual(live.outcomes);
        expect(kept.copying).not.toEqual(live.copying);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it("reads a few rows, never the strategy's copies (plans, at 20,000 closed copies)", async () => {
    const template = (
      await t.db.execute<{ id: string }>(
        sql`SELECT id::text FROM trades WHERE strategy_id = ${strategyId} AND book = 'real' LIMIT 1`,
      )
    ).rows[0]!.id;
    const rollback = new Error('rollback');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO trades (id, user_id, plan_id, strategy_id, amount_cents,
            units, entry_nav, high_water_nav, performance_fee_pct, stop_loss_pct, status,
            opened_at, closes_at, closed_at, close_reason, exit_nav, value_cents, fee_cents,
            payout_cents)
          SELECT gen_random_uuid(), t.user_id, t.plan_id, t.strategy_id, 100000 + i % 97, t.units,
            t.entry_nav, t.high_water_nav, t.performance_fee_pct, t.stop_loss_pct, 'closed',
            t.opened_at, t.closes_at, t.opened_at + interval '1 hour', 'close', t.entry_nav,
            90000 + i % 1013, 0, 90000 + i % 1013
          FROM trades t, generate_series(1, 20000) i WHERE t.id = ${template}`);
        await tx.execute(sql`ANALYZE trades`);
        const plan = async (query: SQL) =>
          (await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${query}`)).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n');
        const outcomes = await plan(keptOutcomesQuery(strategyId));
        expect(outcomes).toMatch(/Index (Only )?Scan using trades_closed_returns on trades/);
        expect(outcomes).toMatch(/Limit/);
        expect(outcomes).not.toMatch(/Seq Scan on trades|Bitmap Heap Scan on trades/);
        const days = await plan(copyingDaysQuery(strategyId));
        expect(days).not.toMatch(/trades/);
        // What the page states is still every copy's.
        const { live, kept } = await bothWays(tx, strategyId);
        expect(kept).toEqual(live);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});
