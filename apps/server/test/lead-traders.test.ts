import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  AdminTraderApplication,
  MyTraderApplication,
  TraderDashboard,
} from '@app/shared/schemas/lead-traders';
import type { PublicPlan } from '@app/shared/schemas/plans';
import type { StrategyDirectory, StrategyRecord } from '@app/shared/schemas/strategies';
import type { CurrentTrade } from '@app/shared/schemas/trades';
import {
  adminClient,
  approvedBySecondAdmin,
  expectError,
  registerUser,
  type TestClient,
} from './harness';
import { activeUser, auditAfterEach, fund, fundedInvestor, summaryOf } from './money-helpers';
import {
  closeCopy,
  type ScriptedTradingApp,
  tickAt as tickBtc,
  useScriptedTradingApp,
  refusedOrder,
} from './copy-trading-helpers';
import { fillPath, loadOperations, type Operation } from './proof/openapi';
import { sampleValue, type SampleContext } from './proof/samples';

/**
 * The lead-trader programme (issue 18) end to end on a scripted market: apply → approve → create
 * a strategy → set its fee → offer it through a plan → a copier invests → the dashboard counts the
 * copier and, after a profitable close, shows the fee the ledger credited. Bad input is refused
 * with a code naming the field, and nothing is stored.
 */

let t: ScriptedTradingApp;
let admin: TestClient;

/** Sets BTC's price, moves the clock a second and takes a tick, waiting for its closes. */
const tickAt = (btc: string) => tickBtc(t, { BTCUSDT: btc });

async function count(table: 'trader_applications' | 'strategies' | 'plans'): Promise<number> {
  const result = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
  );
  return result.rows[0]?.n ?? 0;
}

const application = {
  displayName: 'Grace H.',
  bio: 'Trend follower on the majors.',
  experience: 'Ten years on futures desks; drawdowns kept under 20 %.',
  acceptRules: true,
};

const terms = {
  name: 'Grace Bitcoin Trend',
  description: 'Long or flat Bitcoin, sized by trend.',
  instruments: ['BTCUSDT'],
  performanceFeePct: '10',
  minCopy: '100',
  maxCopiers: 1,
};

/** The client's own latest application and whether they lead, as their profile reads it. */
async function myApplication(client: TestClient): Promise<MyTraderApplication> {
  return (await client.get('/api/trader-applications/mine')).json<MyTraderApplication>();
}

/** A user who applied and whom the admin approved: a lead trader without a strategy yet. */
async function approvedTrader(name: string) {
  const user = await activeUser(t, name);
  const applied = await user.client.post('/api/trader-applications', {
    ...application,
    displayName: name,
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const id = applied.json<MyTraderApplication>().application?.id;
  const approved = await admin.post(`/api/admin/trader-applications/${id}/approve`, {
    reason: 'Track record checked',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return user;
}

useScriptedTradingApp((made) => (t = made));
beforeAll(async () => {
  admin = await adminClient(t);
  await tickAt('100000.00');
}, 120_000);
auditAfterEach(() => t);

describe('applying to the lead-trader programme', () => {
  it('refuses empty, oversized and unacknowledged applications by field, storing nothing', async () => {
    const { client } = await activeUser(t, 'Careless Applicant');
    const before = await count('trader_applications');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...application, displayName: '  ' }, 'displayName', 'DISPLAY_NAME_REQUIRED'],
      [{ ...application, bio: 'b'.repeat(281) }, 'bio', 'AT_MOST_CHARACTERS'],
      [{ ...application, experience: '' }, 'experience', 'EXPERIENCE_REQUIRED'],
      [{ ...application, acceptRules: false }, 'acceptRules', 'RULES_ACKNOWLEDGEMENT_REQUIRED'],
    ];
    for (const [body, field, rule] of cases) {
      const response = await client.post('/api/trader-applications', body);
      expect(response.statusCode, field).toBe(400);
      expectError(response, { code: 'VALIDATION_FAILED', field, params: { rule } });
    }
    expect(await count('trader_applications')).toBe(before);
  });

  it('takes an application from an active user only, one waiting at a time', async () => {
    const inactive = await registerUser(t.app, { name: 'Not Yet Active' });
    const refused = await inactive.client.post('/api/trader-applications', application);
    expect(refused.statusCode).toBe(403);
    expectError(refused, { code: 'ACCOUNT_NOT_ACTIVE' });

    const { client } = await activeUser(t, 'Patient Applicant');
    expect(await myApplication(client)).toEqual({
      application: null,
      isTrader: false,
    });
    const applied = await client.post('/api/trader-applications', application);
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json<MyTraderApplication>().application).toMatchObject({
      status: 'pending',
      displayName: 'Grace H.',
      decisionReason: null,
    });
    const again = await client.post('/api/trader-applications', application);
    expect(again.statusCode).toBe(409);
    expectError(again, { code: 'TRADER_APPLICATION_PENDING' });
    // Not a lead trader yet: the desk refuses before reading the body.
    const desk = await client.post('/api/trader/strategy', terms);
    expect(desk.statusCode).toBe(403);
    expectError(desk, { code: 'TRADER_ONLY' });
  });

  it('lets an admin reject with a reason the applicant reads, and approve another', async () => {
    const rejectedUser = await activeUser(t, 'Rejected Applicant');
    await rejectedUser.client.post('/api/trader-applications', application);
    const queue = (await admin.get('/api/admin/trader-applications')).json<{
      applications: AdminTraderApplication[];
    }>().applications;
    const mine = queue.find((a) => a.userId === rejectedUser.user.id);
    expect(mine).toMatchObject({ status: 'pending', userName: 'Rejected Applicant' });

    const noReason = await admin.post(`/api/admin/trader-applications/${mine?.id}/reject`, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expectError(noReason, { field: 'reason', params: { rule: 'REASON_REQUIRED' } });

    const rejected = await admin.post(`/api/admin/trader-applications/${mine?.id}/reject`, {
      reason: 'No verifiable track record yet',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await myApplication(rejectedUser.client)).toMatchObject({
      application: { status: 'rejected', decisionReason: 'No verifiable track record yet' },
      isTrader: false,
    });
    const twice = await admin.post(`/api/admin/trader-applications/${mine?.id}/approve`, {
      reason: 'Changed my mind',
    });
    expect(twice.statusCode).toBe(409);
    expectError(twice, { code: 'TRADER_APPLICATION_ALREADY_DECIDED' });
    const missing = await admin.post(
      '/api/admin/trader-applications/00000000-0000-4000-8000-000000000000/approve',
      { reason: 'x' },
    );
    expectError(missing, { code: 'TRADER_APPLICATION_NOT_FOUND' });

    const trader = await approvedTrader('Approved Applicant');
    // The reason the admin had to type is the trader's to read (their profile shows it).
    expect(await myApplication(trader.client)).toMatchObject({
      application: { status: 'approved', decisionReason: 'Track record checked' },
      isTrader: true,
    });
    const audit = await t.db.execute<{ action: string; details: { reason: string } }>(sql`
      SELECT action, details FROM audit_log
      WHERE target_id = ${trader.user.id} AND action LIKE 'trader_application.%'`);
    expect(audit.rows.map((row) => [row.action, row.details.reason])).toEqual([
      ['trader_application.approved', 'Track record checked'],
    ]);
  });
});

describe('the trader journey: strategy, fee, plan, copier, dashboard', () => {
  it('runs from a new strategy to a fee earned and booked in the ledger', async () => {
    const trader = await approvedTrader('Grace Hopper');
    expect((await trader.client.get('/api/trader/programme')).json()).toMatchObject({
      feeMinPct: '0',
      feeMaxPct: '30',
      maxStrategies: 1,
    });
    const bounds = await admin.put('/api/admin/settings/trader-fees', {
      feeMinPct: '5',
      feeMaxPct: '25',
    });
    expect(bounds.json()).toEqual({ feeMinPct: '5', feeMaxPct: '25' });

    // Bad strategies: a message naming the field, nothing stored.
    const strategiesBefore = await count('strategies');
    const outside = await trader.client.post('/api/trader/strategy', {
      ...terms,
      performanceFeePct: '25.01',
    });
    expect(outside.statusCode).toBe(400);
    expectError(outside, {
      code: 'PERFORMANCE_FEE_OUTSIDE_BOUNDS',
      params: { minPct: '5', maxPct: '25' },
      field: 'performanceFeePct',
      message: 'Performance fee must be from 5% to 25%',
    });
    for (const [body, field] of [
      [{ ...terms, name: '' }, 'name'],
      [{ ...terms, description: 'd'.repeat(1001) }, 'description'],
      [{ ...terms, instruments: [] }, 'instruments'],
      [{ ...terms, minCopy: '0' }, 'minCopy'],
      [{ ...terms, maxCopiers: 0 }, 'maxCopiers'],
    ] as const) {
      const response = await trader.client.post('/api/trader/strategy', body);
      expect(response.statusCode, field).toBe(400);
      expectError(response, { code: 'VALIDATION_FAILED', field });
    }
    expect(await count('strategies')).toBe(strategiesBefore);

    const created = await trader.client.post('/api/trader/strategy', terms);
    expect(created.statusCode, created.body).toBe(201);
    const { strategyId } = created.json<TraderDashboard>();
    expect(created.json<TraderDashboard>()).toMatchObject({
      terms: {
        instruments: ['BTCUSDT'],
        performanceFeePct: '10.00',
        minCopyCents: 10_000,
        maxCopiers: 1,
      },
      copiers: 0,
      aumCents: 0,
      feesEarnedCents: 0,
      feesByDay: [],
    });
    const second = await trader.client.post('/api/trader/strategy', { ...terms, name: 'Two' });
    expect(second.statusCode).toBe(409);
    expectError(second, { code: 'STRATEGY_LIMIT_REACHED', params: { max: 1 } });
    expect(await count('strategies')).toBe(strategiesBefore + 1);

    // Setting the fee; another lead trader cannot touch it.
    const other = await approvedTrader('Other Trader');
    const notTheirs = await other.client.request('PATCH', `/api/trader/strategies/${strategyId}`, {
      performanceFeePct: '5',
    });
    expect(notTheirs.statusCode).toBe(404);
    expectError(notTheirs, { code: 'STRATEGY_NOT_FOUND' });
    const fee = await trader.client.request('PATCH', `/api/trader/strategies/${strategyId}`, {
      performanceFeePct: '20',
    });
    expect(fee.statusCode, fee.body).toBe(200);
    expect(fee.json<TraderDashboard>().terms.performanceFeePct).toBe('20.00');

    // Orders stay within the allowed instruments.
    const ethOrder = { symbol: 'ETHUSDT', side: 'long', targetWeight: '10' } as const;
    await refusedOrder(trader.client, ethOrder, 400, {
      code: 'INSTRUMENT_NOT_ALLOWED',
      params: { symbol: 'ETHUSDT' },
      field: 'symbol',
    });
    const btc = await trader.client.post('/api/trader/orders', {
      symbol: 'BTCUSDT',
      side: 'long',
      targetWeight: '100',
    });
    expect(btc.statusCode, btc.body).toBe(200);

    // The admin offers it through a plan, which charges the trader's fee: the plan's terms must
    // agree with the strategy's, each refusal naming its field, and nothing is stored.
    const plansBefore = await count('plans');
    const planBody = { title: 'Grace', min: '100', max: '10000', termDays: 30, strategyId };
    const belowMin = await admin.post('/api/admin/plans', { ...planBody, min: '50' });
    expect(belowMin.statusCode).toBe(400);
    expectError(belowMin, {
      code: 'PLAN_MIN_BELOW_STRATEGY_MIN',
      params: { minCents: 10_000 },
      field: 'min',
      message: 'The minimum must be at least the strategy’s minimum copy amount, $100',
    });
    const ownFee = await admin.post('/api/admin/plans', { ...planBody, performanceFeePct: '0' });
    expect(ownFee.statusCode).toBe(400);
    expectError(ownFee, {
      code: 'PLAN_FEE_SET_BY_STRATEGY',
      params: { feePct: '20.00' },
      field: 'performanceFeePct',
    });
    expect(await count('plans')).toBe(plansBefore);
    const plan = await admin.post('/api/admin/plans', planBody);
    expect(plan.statusCode, plan.body).toBe(201);
    const planId = plan.json<{ plan: { id: string } }>().plan.id;
    const lowered = await admin.request('PATCH', `/api/admin/plans/${planId}`, { min: '99' });
    expect(lowered.statusCode).toBe(400);
    expectError(lowered, { code: 'PLAN_MIN_BELOW_STRATEGY_MIN', field: 'min' });
    const offered = (await admin.get('/api/plans')).json<{ plans: PublicPlan[] }>().plans;
    expect(offered.find((p) => p.id === planId)).toMatchObject({
      minCents: 10_000,
      performanceFeePct: '20.00',
      closed: null,
      strategy: { id: strategyId, minCopyCents: 10_000, copiers: 0 },
    });
    // A strategy created minutes ago has no drawdown to state: null (shown as "not enough history
    // yet") on its plan card, the admin's list, the directory and its page alike, never 0.00 %.
    expect(offered.find((p) => p.id === planId)?.strategy?.maxDrawdownPct).toBeNull();
    const adminList = (await admin.get('/api/admin/strategies')).json<{
      strategies: { id: string; maxDrawdownPct: string | null }[];
    }>().strategies;
    expect(adminList.find((s) => s.id === strategyId)?.maxDrawdownPct).toBeNull();
    const directory = (await admin.get('/api/strategies/directory')).json<StrategyDirectory>();
    expect(directory.strategies.find((s) => s.id === strategyId)?.recordMaxDrawdownPct).toBeNull();
    const record = (await admin.get(`/api/strategies/${strategyId}/record`)).json<StrategyRecord>();
    expect(record.maxDrawdownPct).toBeNull();

    // The trader raises their minimum under the plan: the card shows the minimum that applies,
    // and the invest path holds it.
    const raised = await trader.client.request('PATCH', `/api/trader/strategies/${strategyId}`, {
      minCopy: '150',
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const effective = (await admin.get('/api/plans')).json<{ plans: PublicPlan[] }>().plans;
    expect(effective.find((p) => p.id === planId)).toMatchObject({ minCents: 15_000 });
    const copier = await fundedInvestor(t, admin, 500_000, 'Copier Secret-Name');
    const small = await copier.client.post('/api/trades', { planId, amount: '120' });
    expect(small.statusCode).toBe(400);
    expectError(small, {
      code: 'AMOUNT_BELOW_STRATEGY_MIN',
      params: { minCents: 15_000 },
      field: 'amount',
    });
    const opened = await copier.client.post('/api/trades', { planId, amount: '1000' });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json<{ trade: CurrentTrade }>().trade.units).toBe('1000');
    const late = await fundedInvestor(t, admin, 500_000, 'Late Copier');
    const full = await late.client.post('/api/trades', { planId, amount: '1000' });
    expect(full.statusCode).toBe(409);
    expectError(full, { code: 'STRATEGY_COPIERS_FULL', params: { maxCopiers: 1 } });

    // The dashboard: one copier and the money copying, never who.
    const dashboard = await trader.client.get('/api/trader/dashboard');
    expect(dashboard.json<TraderDashboard>()).toMatchObject({
      copiers: 1,
      aumCents: 100_000,
      feesEarnedCents: 0,
    });
    for (const secret of [copier.user.id, copier.input.email, 'Secret-Name']) {
      expect(dashboard.body).not.toContain(secret);
      expect((await trader.client.get('/api/trader/strategy')).body).not.toContain(secret);
    }

    // A profitable close: +10 %, the trader's 20 % of the $100.00 profit.
    await tickAt('110000.00');
    expect(await closeCopy(copier.client)).toMatchObject({
      valueCents: 110_000,
      feeCents: 2_000,
      payoutCents: 108_000,
    });
    const after = (await trader.client.get('/api/trader/dashboard')).json<TraderDashboard>();
    expect(after).toMatchObject({ copiers: 0, aumCents: 0, feesEarnedCents: 2_000 });
    expect(after.feesByDay).toEqual([{ day: '2025-06-02', feesCents: 2_000 }]);
    expect((await summaryOf(trader.client)).availableCents).toBe(2_000);
    const booked = await t.db.execute<{ cents: string }>(sql`
      SELECT sum(p.amount)::text AS cents FROM postings p
      JOIN journal_entries e ON e.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.code = ${`user:${trader.user.id}:available`} AND e.kind = 'trade.fee'`);
    expect(booked.rows[0]?.cents).toBe('2000');
  });
});

describe('admin: creating a strategy for a trader and retiring one', () => {
  it('creates within the bounds, never for the admin, and retiring leaves copies open', async () => {
    await approvedBySecondAdmin(
      t,
      await admin.put('/api/admin/settings/trader-fees', { feeMinPct: '0', feeMaxPct: '30' }),
    );
    const trader = await approvedTrader('Appointed Trader');
    const adminId = (await admin.get('/api/auth/me')).json<{ user: { id: string } }>().user.id;
    const self = await admin.post('/api/admin/strategies', { ...terms, userId: adminId });
    expect(self.statusCode).toBe(403);
    expectError(self, { code: 'SELF_DECISION_FORBIDDEN' });
    // Only for an approved lead trader: someone who never applied is refused, and stays an investor.
    const investor = await activeUser(t, 'Never Applied');
    const strategiesBefore = await count('strategies');
    const notTrader = await admin.post('/api/admin/strategies', {
      ...terms,
      userId: investor.user.id,
    });
    expect(notTrader.statusCode).toBe(409);
    expectError(notTrader, { code: 'NOT_A_LEAD_TRADER', field: 'userId' });
    expect(await count('strategies')).toBe(strategiesBefore);
    expect(await myApplication(investor.client)).toMatchObject({
      isTrader: false,
    });
    const tooHigh = await admin.post('/api/admin/strategies', {
      ...terms,
      performanceFeePct: '31',
      userId: trader.user.id,
    });
    expectError(tooHigh, { code: 'PERFORMANCE_FEE_OUTSIDE_BOUNDS', field: 'performanceFeePct' });

    const created = await admin.post('/api/admin/strategies', {
      ...terms,
      maxCopiers: null,
      name: 'Appointed Strategy',
      userId: trader.user.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const strategyId = created.json<{ strategy: { id: string } }>().strategy.id;
    expect((await trader.client.get('/api/trader/dashboard')).json()).toMatchObject({
      strategyId,
      terms: { maxCopiers: null, performanceFeePct: '10.00' },
    });

    const planId = await offerPlan(strategyId, 'Appointed');
    const copier = await fundedInvestor(t, admin, 200_000, 'Retiring Copier');
    expect((await copier.client.post('/api/trades', { planId, amount: '500' })).statusCode).toBe(
      201,
    );

    const retired = await admin.post(`/api/admin/strategies/${strategyId}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({ strategy: { terms: { retired: true } } });
    // Nobody's copy was closed: the copier still holds it and chooses.
    expect((await copier.client.get('/api/trades/current')).json()).toMatchObject({
      trade: { strategyId, amountCents: 50_000 },
    });
    const newcomer = await fundedInvestor(t, admin, 200_000, 'Too Late');
    const refused = await newcomer.client.post('/api/trades', { planId, amount: '500' });
    expect(refused.statusCode).toBe(409);
    expectError(refused, { code: 'STRATEGY_RETIRED' });
    const order = await trader.client.post('/api/trader/orders', {
      symbol: 'BTCUSDT',
      side: 'long',
      targetWeight: '50',
    });
    // A retired strategy may only be unwound (retired-strategy.test.ts): nothing to grow here.
    expectError(order, { code: 'ORDER_MUST_REDUCE', field: 'targetWeight' });
    await closeCopy(copier.client);
  });
});

/** A lead trader's strategy created by the admin and offered through `plans` plans of its own. */
/** A plan offering the strategy ($100 to $10,000, 30 days), answered 201: the plan's id. */
async function offerPlan(strategyId: string, title: string): Promise<string> {
  const plan = await admin.post('/api/admin/plans', {
    title,
    min: '100',
    max: '10000',
    termDays: 30,
    strategyId,
  });
  expect(plan.statusCode, plan.body).toBe(201);
  return plan.json<{ plan: { id: string } }>().plan.id;
}

async function offeredStrategy(name: string, plans: number) {
  const trader = await approvedTrader(name);
  const created = await admin.post('/api/admin/strategies', {
    ...terms,
    maxCopiers: null,
    name: `${name} Strategy`,
    userId: trader.user.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const strategyId = created.json<{ strategy: { id: string } }>().strategy.id;
  const planIds: string[] = [];
  for (let i = 0; i < plans; i += 1) {
    planIds.push(await offerPlan(strategyId, `${name} ${i + 1}`));
  }
  return { trader, strategyId, planIds };
}

async function alertsOfType(userId: string, type: string) {
  const rows = await t.db.execute<{ params: { strategyId: string; strategy: string } }>(
    sql`SELECT params FROM notifications WHERE user_id = ${userId} AND type = ${type}`,
  );
  return rows.rows.map((row) => row.params);
}

async function outboxTo(email: string, template: string) {
  const rows = await t.db.execute<{ subject: string; text_body: string }>(
    sql`SELECT subject, text_body FROM mail_outbox
        WHERE to_address = ${email} AND template = ${template}`,
  );
  return rows.rows;
}

describe('retiring a strategy alerts its copiers', () => {
  it('gives each copier exactly one alert, e-mailed per their choices, and closes nobody', async () => {
    const { strategyId, planIds } = await offeredStrategy('Retiring Trader', 2);
    const [planA, planB] = planIds as [string, string];
    // Two copies of the same strategy through its two plans: still one alert.
    const twice = await fundedInvestor(t, admin, 300_000, 'Twice Copier');
    for (const planId of [planA, planB]) {
      const opened = await twice.client.post('/api/trades', { planId, amount: '500' });
      expect(opened.statusCode, opened.body).toBe(201);
    }
    // E-mail turned off: the alert in the bell only.
    const quiet = await fundedInvestor(t, admin, 300_000, 'Quiet Copier');
    const off = await quiet.client.put('/api/notifications/preferences', {
      email: { strategy_retired: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(
      (await quiet.client.post('/api/trades', { planId: planA, amount: '400' })).statusCode,
    ).toBe(201);
    // German e-mails.
    const german = await fundedInvestor(t, admin, 300_000, 'Deutsche Kopie');
    await german.client.put('/api/notifications/preferences', { language: 'de' });
    expect(
      (await german.client.post('/api/trades', { planId: planB, amount: '300' })).statusCode,
    ).toBe(201);
    // Closed before the retirement: not a copier any more, not alerted.
    const gone = await fundedInvestor(t, admin, 300_000, 'Former Copier');
    expect(
      (await gone.client.post('/api/trades', { planId: planA, amount: '200' })).statusCode,
    ).toBe(201);
    expect((await gone.client.post('/api/trades/current/close')).statusCode).toBe(200);

    const retired = await admin.post(`/api/admin/strategies/${strategyId}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);
    // Retiring again changes nothing and alerts nobody a second time.
    expect((await admin.post(`/api/admin/strategies/${strategyId}/retire`)).statusCode).toBe(200);

    const params = { strategyId, strategy: 'Retiring Trader Strategy' };
    for (const copier of [twice, quiet, german]) {
      expect(await alertsOfType(copier.user.id, 'strategy_retired')).toEqual([params]);
    }
    expect(await alertsOfType(gone.user.id, 'strategy_retired')).toEqual([]);
    // The copier reads it in their bell.
    const bell = (await twice.client.get('/api/notifications')).json<{
      notifications: { type: string; params: unknown; readAt: string | null }[];
    }>();
    expect(bell.notifications[0]).toMatchObject({ type: 'strategy_retired', params, readAt: null });

    const mailed = await outboxTo(twice.input.email, 'strategy_retired');
    expect(mailed.map((m) => m.subject)).toEqual([
      'The Retiring Trader Strategy strategy is retired',
    ]);
    expect(mailed[0]?.text_body).toContain('Your copy was not closed');
    expect(await outboxTo(quiet.input.email, 'strategy_retired')).toEqual([]);
    expect((await outboxTo(german.input.email, 'strategy_retired')).map((m) => m.subject)).toEqual([
      'Die Strategie Retiring Trader Strategy wurde eingestellt',
    ]);
    expect(await outboxTo(gone.input.email, 'strategy_retired')).toEqual([]);

    // Nobody's copy was closed.
    const open = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM trades WHERE strategy_id = ${strategyId} AND status = 'open'`,
    );
    expect(open.rows[0]?.n).toBe(4);
  });
});

describe('one strategy per lead trader, retired ones included', () => {
  it('refuses a second strategy after the first is retired, naming the field, and keeps the record theirs', async () => {
    const { trader, strategyId } = await offeredStrategy('Once Trader', 0);
    expect((await admin.post(`/api/admin/strategies/${strategyId}/retire`)).statusCode).toBe(200);
    const before = await count('strategies');

    const own = await trader.client.post('/api/trader/strategy', { ...terms, name: 'Fresh Start' });
    expect(own.statusCode).toBe(409);
    expectError(own, { code: 'STRATEGY_LIMIT_REACHED', params: { max: 1 }, field: 'userId' });
    const forThem = await admin.post('/api/admin/strategies', {
      ...terms,
      name: 'Fresh Start',
      userId: trader.user.id,
    });
    expect(forThem.statusCode).toBe(409);
    expectError(forThem, { code: 'STRATEGY_LIMIT_REACHED', params: { max: 1 }, field: 'userId' });
    // Taking the retired strategy away (which would free the trader) is refused too.
    const unassign = await admin.post(`/api/admin/strategies/${strategyId}/lead-trader`, {
      userId: null,
    });
    expect(unassign.statusCode).toBe(409);
    expectError(unassign, { code: 'STRATEGY_RETIRED' });
    expect(await count('strategies')).toBe(before);
    // The trader's desk still shows the retired strategy as theirs.
    expect((await trader.client.get('/api/trader/dashboard')).json()).toMatchObject({
      strategyId,
      terms: { retired: true },
    });
  });
});

describe('the whole programme, to the cent', () => {
  it('apply → approve → create → set the fee → plan → invest → price up → close: the fee floors in the copier’s favour and is booked to the trader', async () => {
    await tickAt('100000.00');
    expect(
      (await admin.put('/api/admin/settings/trader-fees', { feeMinPct: '5', feeMaxPct: '25' }))
        .statusCode,
    ).toBe(200);
    const trader = await approvedTrader('Cent Trader');
    const created = await trader.client.post('/api/trader/strategy', {
      ...terms,
      name: 'Cent Strategy',
      maxCopiers: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { strategyId } = created.json<TraderDashboard>();
    const fee = await trader.client.request('PATCH', `/api/trader/strategies/${strategyId}`, {
      performanceFeePct: '13.33',
    });
    expect(fee.json<TraderDashboard>().terms.performanceFeePct).toBe('13.33');
    // All in Bitcoin at $100,000.00: one unit holds 0.00001 BTC, NAV 1.
    const order = await trader.client.post('/api/trader/orders', {
      symbol: 'BTCUSDT',
      side: 'long',
      targetWeight: '100',
    });
    expect(order.statusCode, order.body).toBe(200);
    const planId = await offerPlan(strategyId, 'Cents');

    const copier = await fundedInvestor(t, admin, 200_000, 'Cent Copier');
    const opened = await copier.client.post('/api/trades', { planId, amount: '1234.56' });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json<{ trade: CurrentTrade }>().trade.units).toBe('1234.56');
    expect((await trader.client.get('/api/trader/dashboard')).json()).toMatchObject({
      copiers: 1,
      aumCents: 123_456,
      feesEarnedCents: 0,
    });

    // Bitcoin to $107,777.77: NAV 1.0777777; value 1234.56 × 1.0777777 = 1330.581237312 → $1,330.58.
    // Gain above the high-water mark 96.021237312 × 13.33 % = 12.7996309... → $12.79 (floored).
    await tickAt('107777.77');
    expect(await closeCopy(copier.client)).toMatchObject({
      valueCents: 133_058,
      feeCents: 1_279,
      payoutCents: 131_779,
    });
    // The copier: $2,000.00 − $1,234.56 + $1,317.79.
    expect((await summaryOf(copier.client)).availableCents).toBe(208_323);

    const dashboard = (await trader.client.get('/api/trader/dashboard')).json<TraderDashboard>();
    expect(dashboard).toMatchObject({ copiers: 0, aumCents: 0, feesEarnedCents: 1_279 });
    expect(dashboard.feesByDay).toEqual([
      { day: new Date(t.clock.now()).toISOString().slice(0, 10), feesCents: 1_279 },
    ]);
    expect((await summaryOf(trader.client)).availableCents).toBe(1_279);
    const booked = await t.db.execute<{ account: string; cents: string }>(sql`
      SELECT a.code AS account, p.amount::text AS cents FROM postings p
      JOIN journal_entries e ON e.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE e.kind = 'trade.fee' AND a.code = ${`user:${trader.user.id}:available`}`);
    expect(booked.rows).toEqual([{ account: `user:${trader.user.id}:available`, cents: '1279' }]);
    // The ledger audit after this test (auditAfterEach) finds every entry balanced.
  });
});

describe('a lead trader whose account is deactivated', () => {
  /** What a lead trader's operations write: the strategies, their fills and NAVs, the audit log. */
  async function traderFootprint(): Promise<string> {
    const result = await t.db.execute<{ digest: string }>(sql`
      SELECT md5(
        (SELECT coalesce(string_agg(s::text, '|' ORDER BY s.id), '') FROM strategies s) ||
        (SELECT count(*)::text FROM strategy_fills) ||
        (SELECT count(*)::text FROM audit_log) ||
        (SELECT count(*)::text FROM plans)
      ) AS digest`);
    return result.rows[0]?.digest ?? '';
  }

  it('is refused every mutating /api/trader operation of the OpenAPI document, and nothing changes', async () => {
    const trader = await approvedTrader('Deactivated Dana');
    const created = await trader.client.post('/api/trader/strategy', {
      ...terms,
      name: 'Dana Trend',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { strategyId } = created.json<TraderDashboard>();

    // Known operations get a body that an active trader's request would carry out; an operation
    // added later gets one sampled from its schema, so it is walked without editing this test.
    const bodies: Record<string, unknown> = {
      'POST /api/trader/orders': { symbol: 'BTCUSDT', side: 'long', targetWeight: '50' },
      'POST /api/trader/strategy': { ...terms, name: 'Dana Two' },
      'PATCH /api/trader/strategies/{id}': { performanceFeePct: '25' },
    };
    const samples = {
      world: { ids: { strategyId, planId: strategyId, methodId: strategyId } },
      realPasswords: false,
    } as unknown as SampleContext;
    const bodyOf = (op: Operation): unknown =>
      op.key in bodies
        ? bodies[op.key]
        : op.body
          ? sampleValue(op.body, '', op, samples)
          : undefined;
    const mutating = (await loadOperations(t.app)).filter(
      (op) => op.path.startsWith('/api/trader/') && op.method !== 'GET',
    );
    expect(mutating.map((op) => op.key)).toEqual(expect.arrayContaining(Object.keys(bodies)));
    const send = (client: TestClient, op: Operation) =>
      client.request(op.method, fillPath(op.path, { id: strategyId }), bodyOf(op));

    // While active, the fee change goes through (the walk below is not refused for its body).
    const feeChange = mutating.find((op) => op.key === 'PATCH /api/trader/strategies/{id}');
    if (!feeChange) throw new Error('no fee change in the document');
    const active = await send(trader.client, feeChange);
    expect(active.statusCode, active.body).toBe(200);
    bodies['PATCH /api/trader/strategies/{id}'] = { performanceFeePct: '30' };

    const deactivated = await admin.post(`/api/admin/users/${trader.user.id}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBeLessThan(300);
    const before = await traderFootprint();
    for (const op of mutating) {
      const response = await send(trader.client, op);
      expect(response.statusCode, `${op.key}: ${response.body}`).toBe(403);
      expectError(response, { code: 'LEAD_TRADER_NOT_ACTIVE' });
    }
    expect(await traderFootprint()).toBe(before);
    // The desk's reads are a lead trader's operations too.
    expectError(await trader.client.get('/api/trader/dashboard'), {
      code: 'LEAD_TRADER_NOT_ACTIVE',
    });
  });
});

describe('a lead trader and their own strategy', () => {
  it('cannot copy it, nor add funds to a copy of it: refused, nothing booked, the copier count unchanged', async () => {
    const trader = await approvedTrader('Self Copier');
    const created = await trader.client.post('/api/trader/strategy', { ...terms, name: 'Self' });
    expect(created.statusCode, created.body).toBe(201);
    const { strategyId } = created.json<TraderDashboard>();
    const planId = await offerPlan(strategyId, 'Self plan');
    await fund(t, admin, trader.client, 500_000);
    const before = await summaryOf(trader.client);
    const own = await trader.client.post('/api/trades', { planId, amount: '1000' });
    expect(own.statusCode, own.body).toBe(403);
    expectError(own, { code: 'OWN_STRATEGY_COPY', field: 'planId' });
    expect((await summaryOf(trader.client)).availableCents).toBe(before.availableCents);
    expect((await trader.client.get('/api/trader/dashboard')).json<TraderDashboard>().copiers).toBe(
      0,
    );

    // A copy opened before they led it (set up in SQL): money may leave it, never join it.
    const copier = await fundedInvestor(t, admin, 500_000, 'Later Trader');
    const opened = await copier.client.post('/api/trades', { planId, amount: '1000' });
    expect(opened.statusCode, opened.body).toBe(201);
    const tradeId = opened.json<{ trade: CurrentTrade }>().trade.id;
    await t.db.execute(
      sql`UPDATE strategies SET lead_trader_id = ${copier.user.id} WHERE id = ${strategyId}`,
    );
    const add = await copier.client.post(`/api/trades/${tradeId}/add-funds`, { amount: '100' });
    expect(add.statusCode, add.body).toBe(403);
    expectError(add, { code: 'OWN_STRATEGY_COPY', field: 'amount' });
    const remove = await copier.client.post(`/api/trades/${tradeId}/remove-funds`, {
      amount: '100',
    });
    expect(remove.statusCode, remove.body).toBe(200);
    await t.db.execute(
      sql`UPDATE strategies SET lead_trader_id = ${trader.user.id} WHERE id = ${strategyId}`,
    );
  });
});
