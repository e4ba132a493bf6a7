import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OVERVIEW_TOP_STRATEGIES, type AdminOverview } from '@app/shared/schemas/overview';
import type { Transaction } from '@app/shared/schemas/transactions';
import { auditLedger } from '../src/modules/ledger/ledger.audit';
import { overviewFiguresFoldJob } from '../src/modules/overview';
import { closeCopy, openCopy, useSilverAllInBtc } from './copy-trading-helpers';
import { registerUser, type TestClient, type TestApp } from './harness';
import {
  activeUser,
  cryptoWithdrawal,
  fund,
  fundedInvestor,
  methodIds,
  requestDeposit,
} from './money-helpers';

/**
 * The admin overview's kept figures (issue 43, migration 0064): after every step of a scripted
 * platform (registrations, activations, closures, deposits approved and rejected, withdrawals
 * paid and rejected, real and practice copies opened and closed, a practice reset, and money
 * operations of many users at once) each figure equals the aggregate it stands for, counted here
 * from the tables as the overview counted them per request before; folding changes none; the
 * ledger audit fails on a tampered figure.
 */

let t: TestApp;
let admin: TestClient;
const silver = useSilverAllInBtc((made) => {
  ({ t, admin } = made);
});

/** Each figure counted from the tables, as the overview did on every request before 0064. */
async function counted(now: Date) {
  const users = await t.db.execute<Record<string, number>>(sql`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE NOT is_active AND deleted_at IS NULL)::int AS pending,
           count(*) FILTER (WHERE is_active AND deleted_at IS NULL)::int AS active,
           count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS closed
    FROM users`);
  const balances = await t.db.execute<{ kind: string; total: number }>(sql`
    SELECT kind, sum(balance)::int AS total FROM ledger_accounts
    WHERE user_id IS NOT NULL GROUP BY kind`);
  const byKind = new Map(balances.rows.map((r) => [r.kind, r.total]));
  const practice = await t.db.execute<Record<string, number>>(sql`
    SELECT (SELECT count(*)::int FROM practice_accounts) AS accounts,
           count(DISTINCT user_id)::int AS practising, count(*)::int AS "openCopies"
    FROM trades WHERE status = 'open' AND book = 'practice'`);
  const volumes = await t.db.execute<{ day: string; kind: string; total: number }>(sql`
    SELECT to_char((coalesce(decided_at, created_at) AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
           kind, sum(amount_cents)::int AS total
    FROM transactions
    WHERE status = 'success' AND kind IN ('deposit', 'withdrawal') AND book = 'real'
    GROUP BY 1, 2`);
  const volumeOf = (day: string, kind: string) =>
    volumes.rows.find((r) => r.day === day && r.kind === kind)?.total ?? 0;
  const days = Array.from({ length: 30 }, (_, i) =>
    new Date(now.getTime() - (29 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  return {
    users: users.rows[0],
    money: {
      availableCents: byKind.get('available') ?? 0,
      investedCents: byKind.get('invested') ?? 0,
      heldCents: byKind.get('withdrawal_hold') ?? 0,
    },
    practice: { ...practice.rows[0], investedCents: byKind.get('practice_invested') ?? 0 },
    volumes: days.map((day) => ({
      day,
      depositsCents: volumeOf(day, 'deposit'),
      withdrawalsCents: volumeOf(day, 'withdrawal'),
    })),
  };
}

async function overview(): Promise<AdminOverview> {
  const answer = await admin.get('/api/admin/overview');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AdminOverview>();
}

/** The overview states the counted figures, before and after its delta rows are folded. */
async function expectKeptEqualsCounted(): Promise<AdminOverview> {
  const expected = await counted(t.clock.now());
  const read = await overview();
  expect({
    users: read.users,
    money: read.money,
    practice: read.practice,
    volumes: read.volumes,
  }).toEqual(expected);
  await overviewFiguresFoldJob(t.ctx).run(t.clock.now());
  expect(await overview()).toEqual(read);
  return read;
}

async function deltaRows(): Promise<number> {
  const rows = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM overview_totals`,
  );
  return rows.rows[0]?.n ?? 0;
}

async function withdraw(client: TestClient, amount: string): Promise<Transaction> {
  const { crypto } = await methodIds(t);
  const requested = await client.post(
    '/api/withdrawals',
    cryptoWithdrawal(crypto, amount, 'bc1qexampleexampleexample'),
  );
  expect(requested.statusCode, requested.body).toBe(201);
  return requested.json<{ transaction: Transaction }>().transaction;
}

async function practise(client: TestClient, amount: string): Promise<void> {
  const started = await client.post('/api/practice/start');
  expect([200, 201], started.body).toContain(started.statusCode);
  const opened = await client.post('/api/trades', {
    planId: silver.planId,
    amount,
    book: 'practice',
  });
  expect(opened.statusCode, opened.body).toBe(201);
}

describe('the admin overview keeps its figures as the platform changes', () => {
  it('counts registrations, activations and closed accounts', async () => {
    await expectKeptEqualsCounted();
    await registerUser(t.app, { name: 'Waiting Wes' });
    const closing = await registerUser(t.app, { name: 'Closed Cleo' });
    await activeUser(t, 'Active Ann');
    expect((await admin.post(`/api/admin/users/${closing.user.id}/activate`)).statusCode).toBe(200);
    await expectKeptEqualsCounted();
    expect((await admin.delete(`/api/admin/users/${closing.user.id}`)).statusCode).toBe(200);
    const read = await expectKeptEqualsCounted();
    expect(read.users.closed).toBeGreaterThanOrEqual(1);
  });

  it('counts deposits, withdrawals, real copies and practice copies', async () => {
    const ada = await activeUser(t, 'Ada Deposit');
    // Verified before its first signed-in request (the session cache keeps the row it read).
    await t.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${ada.user.id}`);
    await fund(t, admin, ada.client, 600_000);
    const rejected = await requestDeposit(t, ada.client, '40.00');
    expect(
      (
        await admin.post(`/api/admin/deposits/${rejected.id}/reject`, {
          reason: 'Nothing arrived',
        })
      ).statusCode,
    ).toBe(200);
    await requestDeposit(t, ada.client, '75.50');
    const paid = await withdraw(ada.client, '100.00');
    const refused = await withdraw(ada.client, '50.00');
    let read = await expectKeptEqualsCounted();
    expect(read.money.heldCents).toBeGreaterThanOrEqual(15_000);
    expect((await admin.post(`/api/admin/withdrawals/${paid.id}/pay`)).statusCode).toBe(200);
    expect(
      (await admin.post(`/api/admin/withdrawals/${refused.id}/reject`, { reason: 'Wrong wallet' }))
        .statusCode,
    ).toBe(200);
    read = await expectKeptEqualsCounted();
    expect(read.volumes.at(-1)?.withdrawalsCents).toBeGreaterThanOrEqual(10_000);

    await openCopy(ada.client, { planId: silver.planId, amount: '1500.00' });
    await silver.tickAt('110000.00');
    await expectKeptEqualsCounted();
    await closeCopy(ada.client);
    await silver.tickAt('100000.00');
    await expectKeptEqualsCounted();

    await practise(ada.client, '2000.00');
    read = await expectKeptEqualsCounted();
    expect(read.practice).toMatchObject({ practising: 1, openCopies: 1, investedCents: 200_000 });
    const reset = await ada.client.post('/api/practice/reset', undefined, {
      'idempotency-key': 'overview-reset',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    read = await expectKeptEqualsCounted();
    expect(read.practice).toMatchObject({ practising: 0, openCopies: 0, investedCents: 0 });
  });

  it('counts money operations of many users at once', async () => {
    const investors = await Promise.all(
      Array.from({ length: 8 }, (_, i) => fundedInvestor(t, admin, 500_000, `Crowd ${i}`)),
    );
    const pending = await Promise.all(
      investors.map((investor) => requestDeposit(t, investor.client, '20.00')),
    );
    await Promise.all([
      ...investors.map(async ({ client }, i) => {
        await openCopy(client, { planId: silver.planId, amount: `${1000 + i}.00` });
        if (i % 2 === 0) await closeCopy(client);
        await withdraw(client, `${10 + i}.00`);
      }),
      ...pending.map((deposit) => admin.post(`/api/admin/deposits/${deposit.id}/approve`)),
    ]);
    await expectKeptEqualsCounted();
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('folds its delta rows into one per figure', async () => {
    const figures = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`SELECT count(DISTINCT figure)::int AS n FROM overview_totals`,
        )
      ).rows[0]?.n;
    await fundedInvestor(t, admin, 10_000, 'Fold Fay');
    expect(await deltaRows()).toBeGreaterThan((await figures()) ?? 0);
    await overviewFiguresFoldJob(t.ctx).run(t.clock.now());
    expect(await deltaRows()).toBe(await figures());
  });
});

describe('the ledger audit', () => {
  it('fails on a tampered figure, and on a tampered day', async () => {
    const day = t.clock.now().toISOString().slice(0, 10);
    await t.db.execute(
      sql`INSERT INTO overview_totals (figure, amount) VALUES ('balance.available', 1)`,
    );
    await t.db.execute(sql`
      INSERT INTO overview_daily_volumes (day, kind, amount_cents)
      VALUES (${day}::date, 'withdrawal', -1)`);
    const problems = await auditLedger(t.db);
    await t.db.execute(sql`DELETE FROM overview_totals WHERE figure = 'balance.available'
                           AND amount = 1`);
    await t.db.execute(sql`DELETE FROM overview_daily_volumes WHERE amount_cents = -1`);
    expect(problems).toEqual([
      {
        check: 'each figure the admin overview keeps equals the sum of what it counts',
        detail: expect.stringMatching(/^balance\.available: kept \d+, counted \d+$/) as string,
      },
      {
        check: "each day's deposits and withdrawals the admin overview keeps equal those booked",
        detail: expect.stringMatching(
          new RegExp(`^${day} withdrawal: kept -?\\d+, booked \\d+$`),
        ) as string,
      },
    ]);
  });
});

describe("the overview's strategies", () => {
  it(`are the ${OVERVIEW_TOP_STRATEGIES} with the most money copying them, most first`, async () => {
    // strategy_figures' AUM and copiers are kept by copy trading (the earlier tests' copies count
    // too): written here directly, above any of theirs.
    const made = await t.db.execute<{ id: string }>(sql`
      INSERT INTO strategies (name, description, cash_per_unit, nav)
      SELECT 'Ranked ' || i, 'Ranked strategy ' || i, 1, 1 FROM generate_series(1, 12) AS i
      RETURNING id`);
    expect(made.rows).toHaveLength(12);
    await t.db.execute(sql`
      UPDATE strategy_figures f SET aum_cents = 100000000 * i, copiers = i
      FROM (SELECT id, substr(name, 8)::int AS i FROM strategies WHERE name LIKE 'Ranked %') s
      WHERE f.strategy_id = s.id`);
    const { strategies } = await overview();
    expect(strategies.map((s) => [s.name, s.aumCents, s.copiers])).toEqual(
      Array.from({ length: OVERVIEW_TOP_STRATEGIES }, (_, i) => [
        `Ranked ${12 - i}`,
        100000000 * (12 - i),
        12 - i,
      ]),
    );
  });
});
