import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '@app/shared/schemas/overview';
import type { PublicPlan } from '@app/shared/schemas/plans';
import type { Strategy, StrategyDirectory, StrategyRecord } from '@app/shared/schemas/strategies';
import type { TraderDashboard } from '@app/shared/schemas/lead-traders';
import type { CurrentTrade } from '@app/shared/schemas/trades';
import type { DataExport } from '@app/shared/schemas/data-export';
import type { Notification } from '@app/shared/schemas/notifications';
import { useSilverAllInBtc } from './copy-trading-helpers';
import { expectError, TestClient, type TestApp } from './harness';
import { fundedInvestor, summaryOf } from './money-helpers';

/**
 * Practice apart (issue 42): a practice copy is virtual money. It changes none of a strategy's
 * public figures (its list entry, the directory, its record's copier outcomes and copying, the
 * plan card, the admin overview's real figures, the lead trader's desk), takes no place under a
 * strategy's cap on copiers, pays no fee to anyone (the lead trader's balance and earnings stay
 * as they were after a practice claim and close at a gain with a 20 % fee), leaves the user's
 * statements as they were, and is listed apart, as practice, in the data export and the admin
 * overview. The Silver plan is all in BTC at $100,000.00 with a 20 % fee: one unit is worth
 * BTC / 100,000.
 */

let t: TestApp;
let admin: TestClient;
let strategyId: string;
const silver = useSilverAllInBtc((made) => {
  ({ t, admin } = made);
  strategyId = made.setup.strategyId;
});

/** Every public and real figure a practice copy could touch, read through the API. */
async function figures() {
  const anyone = new TestClient(t.app);
  const list = (await anyone.get('/api/strategies')).json<{ strategies: Strategy[] }>();
  const directory = (await anyone.get('/api/strategies/directory')).json<StrategyDirectory>();
  const record = (await anyone.get(`/api/strategies/${strategyId}/record`)).json<StrategyRecord>();
  const plans = (await anyone.get('/api/plans')).json<{ plans: PublicPlan[] }>();
  const overview = (await admin.get('/api/admin/overview')).json<AdminOverview>();
  const desk = (await silver.leadTrader.get('/api/trader/dashboard')).json<TraderDashboard>();
  const traderMoney = await summaryOf(silver.leadTrader);
  const pick = (s: { copiers?: number; aumCents?: number } | undefined | null) =>
    s && { copiers: s.copiers, aumCents: s.aumCents };
  return {
    list: pick(list.strategies.find((s) => s.id === strategyId)),
    directory: pick(directory.strategies.find((s) => s.id === strategyId)),
    plan: pick(plans.plans.find((p) => p.id === silver.planId)?.strategy),
    copierOutcomes: record.copierOutcomes,
    copiersOverTime: record.copying.map((p) => p.copiers),
    overview: {
      users: overview.users,
      money: overview.money,
      strategy: overview.strategies.find((s) => s.id === strategyId),
    },
    desk: { copiers: desk.copiers, aumCents: desk.aumCents, fees: desk.feesEarnedCents },
    traderMoney: {
      balanceCents: traderMoney.balanceCents,
      availableCents: traderMoney.availableCents,
      totalProfitCents: traderMoney.totalProfitCents,
    },
  };
}

/** The user's account statement for the test's day and annual summary, as CSV texts. */
async function statements(client: TestClient) {
  const day = t.clock.now().toISOString().slice(0, 10);
  const account = await client.get(`/api/statements/account?from=${day}&to=${day}&format=csv`);
  const annual = await client.get('/api/statements/annual?year=2025&format=csv');
  const trades = await client.get('/api/statements/trades?format=csv');
  expect([account.statusCode, annual.statusCode, trades.statusCode]).toEqual([200, 200, 200]);
  return { account: account.body, annual: annual.body, trades: trades.body };
}

/**
 * A practice copy of the Silver plan opened through the API: the practice account opened (POST
 * /api/practice/start), then POST /api/trades with book 'practice'.
 */
async function practiseCopy(
  practiser: { client: TestClient; user: { id: string } },
  amount: string,
): Promise<CurrentTrade> {
  const started = await practiser.client.post('/api/practice/start');
  // 201 opened; 200 when it was open already (the second copy below).
  expect([200, 201], started.body).toContain(started.statusCode);
  const opened = await practiser.client.post('/api/trades', {
    planId: silver.planId,
    amount,
    book: 'practice',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const { trade } = opened.json<{ trade: CurrentTrade }>();
  expect(trade.book).toBe('practice');
  return trade;
}

async function setCap(maxCopiers: number | null): Promise<void> {
  await t.db.execute(
    sql`UPDATE strategies SET max_copiers = ${maxCopiers} WHERE id = ${strategyId}`,
  );
}

/** How many journal entries of `kind` the books hold. */
async function entriesOf(kind: string): Promise<number> {
  const result = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM journal_entries WHERE kind = ${kind}`,
  );
  return result.rows[0]?.n ?? 0;
}

let before: Awaited<ReturnType<typeof figures>>;
let practiser: { client: TestClient; user: { id: string } };
let practiceTrade: CurrentTrade;
let statementsBefore: Awaited<ReturnType<typeof statements>>;

beforeAll(async () => {
  // Real copies the figures count: one open ($1,000.00), one closed at a gain (+10 %).
  await silver.copier('Real Copier', 500_000, { amount: '1000.00' });
  const closer = await silver.copier('Real Closer', 500_000, { amount: '1000.00' });
  await silver.tickAt('110000.00');
  expect((await closer.client.post(`/api/trades/${closer.trade.id}/close`)).statusCode).toBe(200);
  await silver.tickAt('100000.00');
  // Someone with real money who also practises: their statements must not move.
  practiser = await fundedInvestor(t, admin, 300_000, 'Pat Practice');
  // Practice needs a verified e-mail address, and nothing more.
  await t.db.execute(
    sql`UPDATE users SET email_verified_at = now() WHERE id = ${practiser.user.id}`,
  );
  statementsBefore = await statements(practiser.client);
  before = await figures();
}, 120_000);

describe('a practice copy of a strategy', () => {
  it('the real figures count the real copies (the comparison below can fail)', () => {
    expect(before.list).toEqual({ copiers: 1, aumCents: 100_000 });
    expect(before.directory).toEqual(before.list);
    expect(before.plan).toEqual(before.list);
    expect(before.overview.strategy).toMatchObject(before.list ?? {});
    expect(before.desk).toMatchObject({ copiers: 1, aumCents: 100_000 });
    expect(before.copierOutcomes).toMatchObject({ opened: 2, closed: 1 });
  });

  it('once open, changes none of its public figures and shows apart on the overview', async () => {
    practiceTrade = await practiseCopy(practiser, '2000.00');
    expect(await figures()).toEqual(before);
    const overview = (await admin.get('/api/admin/overview')).json<AdminOverview>();
    expect(overview.practice).toEqual({
      accounts: 1,
      practising: 1,
      openCopies: 1,
      investedCents: 200_000,
    });
  });

  it('takes no place under the strategy cap on copiers', async () => {
    // Two places: the real copier holds one and the practice copy none, so one is left.
    await setCap(2);
    try {
      const second = await silver.copier('Second Real', 500_000, { amount: '1000.00' });
      expect(second.trade.book).toBe('real');
      expect((await figures()).list?.copiers).toBe(2);
      const third = await fundedInvestor(t, admin, 500_000, 'Third Real');
      const refused = await third.client.post('/api/trades', {
        planId: silver.planId,
        amount: '1000.00',
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expectError(refused, { code: 'STRATEGY_COPIERS_FULL' });
      const closed = await second.client.post(`/api/trades/${second.trade.id}/close`);
      expect(closed.statusCode, closed.body).toBe(200);
    } finally {
      await setCap(null);
    }
  });

  it('claimed and closed at a gain with a 20 % fee, pays nobody and changes no public figure', async () => {
    const baseline = await figures();
    const realFeesBefore = await entriesOf('trade.fee');
    // +50 %: $3,000.00 for $2,000.00; the claim takes the $1,000.00 profit out, less its fee.
    await silver.tickAt('150000.00');
    const claimed = await practiser.client.post(`/api/trades/${practiceTrade.id}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    // Higher still, then closed: a fee again on the gain above the high-water mark.
    await silver.tickAt('180000.00');
    const closed = await practiser.client.post(`/api/trades/${practiceTrade.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    await silver.tickAt('100000.00');
    // A fee was charged (to practice_fees, which pays nobody)...
    const practiceFees = await t.db.execute<{ balance: string }>(
      sql`SELECT coalesce(sum(balance), 0)::text AS balance FROM ledger_accounts
          WHERE kind = 'practice_fees'`,
    );
    expect(practiceFees.rows[0]?.balance).not.toBe('0');
    // ...and nothing reached the lead trader or any real account.
    expect(await entriesOf('trade.fee')).toBe(realFeesBefore);
    expect(await figures()).toEqual(baseline);
  });

  it("leaves the user's statements as they were", async () => {
    expect(await statements(practiser.client)).toEqual(statementsBefore);
  });

  it('is listed in the data export as practice, never among the real copies', async () => {
    const response = await practiser.client.get('/api/account/export');
    expect(response.statusCode).toBe(200);
    const exported = response.json<DataExport>();
    expect(exported.closedTrades.map((trade) => trade.id)).not.toContain(practiceTrade.id);
    expect(exported.transactions.every((tx) => tx.book === 'real')).toBe(true);
    expect(exported.openTrades).toEqual([]);
    expect(exported.practice.account).toMatchObject({ startingCents: 1_000_000, resets: 0 });
    expect(exported.practice.transactions.map((tx) => tx.kind)).toContain('practice_start');
    expect(exported.transactions.map((tx) => tx.kind)).not.toContain('practice_start');
    expect(exported.practice.openTrades).toEqual([]);
    expect(exported.practice.closedTrades.map((trade) => [trade.id, trade.book])).toEqual([
      [practiceTrade.id, 'practice'],
    ]);
    expect(exported.practice.transactions.length).toBeGreaterThan(0);
    expect(exported.practice.transactions.every((tx) => tx.book === 'practice')).toBe(true);
  });

  it("stays out of the operator's journal and balances exports (the real books)", async () => {
    const day = t.clock.now().toISOString().slice(0, 10);
    const journal = await admin.get(`/api/admin/exports/journal?from=${day}&to=${day}`);
    const balances = await admin.get(`/api/admin/exports/balances?at=${day}`);
    expect([journal.statusCode, balances.statusCode], journal.body + balances.body).toEqual([
      200, 200,
    ]);
    // Real entries are there (the practiser's deposit), practice accounts are not.
    expect(journal.body).toContain('deposit');
    expect(journal.body).not.toContain('practice');
    expect(balances.body).toContain(practiser.user.id);
    expect(balances.body).not.toContain('practice');
  });

  it("stays out of the admin's money list, which still lists the user's real money", async () => {
    const list = await admin.get(`/api/admin/transactions?userId=${practiser.user.id}&limit=100`);
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json<{ items: { kind: string; book: string }[] }>().items;
    expect(items.map((tx) => tx.kind)).toContain('deposit');
    expect(items.every((tx) => tx.book === 'real')).toBe(true);
    const own = await practiser.client.get('/api/transactions?book=practice');
    expect(own.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);
  });

  it('its owner is told when the strategy retires, marked practice; a real copier is not', async () => {
    const again = await practiseCopy(practiser, '1500.00');
    expect(again.book).toBe('practice');
    const retired = await admin.post(`/api/admin/strategies/${strategyId}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);
    const alertOf = async (client: TestClient) =>
      (await client.get('/api/notifications'))
        .json<{ notifications: Notification[] }>()
        .notifications.find((n) => n.type === 'strategy_retired');
    expect((await alertOf(practiser.client))?.params).toMatchObject({ practice: true });
    const mails = await t.db.execute<{ subject: string }>(
      sql`SELECT subject FROM mail_outbox WHERE template = 'strategy_retired'`,
    );
    const name = before.overview.strategy?.name ?? '';
    expect(mails.rows.map((r) => r.subject).sort()).toEqual([
      `The ${name} strategy is retired`,
      `[Practice] The ${name} strategy is retired`,
    ]);
  });
});
