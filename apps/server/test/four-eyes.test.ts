import { ERROR_ENGLISH } from '@app/shared/errors';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eventually } from '@app/shared/test/eventually';
import type { Approval, ApprovalDecision } from '@app/shared/schemas/approvals';
import type { Transaction } from '@app/shared/schemas/transactions';
import { adjust } from '../src/modules/account/adjustments.service';
import { findUserById } from '../src/modules/session';
import {
  adminClient,
  approvedBySecondAdmin,
  createTestApp,
  loginWithSecondFactor,
  registerUser,
  secondAdmin,
  TestClient,
  type TestApp,
} from './harness';
import {
  activeUser,
  auditAfterEach,
  bankWithdrawal,
  countRows,
  fund,
  fundedInvestor,
  methodIds,
  summaryOf,
} from './money-helpers';

let t: TestApp;
/** The seeded admin (the maker), a second admin (the checker) and their ids. */
let maker: TestClient;
let makerId: string;
let checker: TestClient;
let checkerId: string;
let checkerLogin: { email: string; password: string };

beforeAll(async () => {
  t = await createTestApp();
  maker = await adminClient(t);
  makerId = (await maker.get('/api/auth/me')).json<{ user: { id: string } }>().user.id;
  const second = await secondAdmin(t);
  ({ client: checker, id: checkerId } = second);
  checkerLogin = { email: second.email, password: second.password };
});
afterAll(() => t.close());
auditAfterEach(() => t);

/** Sets the threshold; a higher one waits for the checker, who approves it. */
async function setThreshold(cents: string): Promise<void> {
  const response = await maker.put('/api/admin/settings/four-eyes', { threshold: cents });
  if (response.statusCode === 202) {
    const { approval } = response.json<{ approval: Approval }>();
    const approved = await checker.post(`/api/admin/approvals/${approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    return;
  }
  expect(response.statusCode, response.body).toBe(200);
}

async function auditRows(action: string, targetId?: string) {
  const result = await t.db.execute<{ actor_id: string; target_id: string; details: unknown }>(
    sql`SELECT actor_id, target_id, details FROM audit_log WHERE action = ${action}
        ${targetId ? sql`AND target_id = ${targetId}` : sql``} ORDER BY id`,
  );
  return result.rows;
}

async function withdraw(client: TestClient, amount: string): Promise<Transaction> {
  const response = await client.post('/api/withdrawals', bankWithdrawal(amount));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ transaction: Transaction }>().transaction;
}

const codeOf = (response: { json: <T>() => T }) =>
  response.json<{ error: { code: string } }>().error.code;

/** While a decision waits for a second admin, each of `decisions` on `url` is refused as pending. */
async function expectDecisionsHeld(
  checker: TestClient,
  url: string,
  decisions: Record<string, Record<string, string>>,
): Promise<void> {
  for (const [path, body] of Object.entries(decisions)) {
    const response = await checker.post(`${url}/${path}`, body);
    expect([response.statusCode, codeOf(response)]).toEqual([409, 'APPROVAL_PENDING']);
  }
}

describe('no one decides on their own money', () => {
  beforeEach(() => setThreshold('1000'));

  it("an admin's own deposit cannot be approved or rejected by them: 403, audited, nothing booked", async () => {
    const { crypto } = await methodIds(t);
    const deposit = await maker.post('/api/deposits', { methodId: crypto, amount: '250' });
    expect(deposit.statusCode).toBe(201);
    const { transaction } = deposit.json<{ transaction: Transaction }>();
    const entries = await countRows(t, 'journal_entries');

    const approve = await maker.post(`/api/admin/deposits/${transaction.id}/approve`);
    expect(approve.statusCode).toBe(403);
    expect(codeOf(approve)).toBe('SELF_DECISION_FORBIDDEN');
    const reject = await maker.post(`/api/admin/deposits/${transaction.transactionId}/reject`, {
      reason: 'mine',
    });
    expect(reject.statusCode).toBe(403);
    expect(codeOf(reject)).toBe('SELF_DECISION_FORBIDDEN');
    expect(await countRows(t, 'journal_entries')).toBe(entries);
    expect((await summaryOf(maker)).availableCents).toBe(0);
    const refusals = await auditRows('refused.self_decision', transaction.transactionId);
    expect(refusals.map((r) => [r.actor_id, r.details])).toEqual([
      [makerId, { operation: 'deposit.approve' }],
      [makerId, { operation: 'deposit.reject' }],
    ]);

    // Another admin may.
    expect((await checker.post(`/api/admin/deposits/${transaction.id}/approve`)).statusCode).toBe(
      200,
    );
    expect((await summaryOf(maker)).availableCents).toBe(25_000);
  });

  it("an admin's own withdrawal cannot be paid or rejected by them; it stays pending with its hold", async () => {
    const withdrawal = await withdraw(maker, '40');
    const before = await summaryOf(maker);
    expect(before.heldCents).toBe(4_000);
    for (const [path, body] of [
      ['pay', {}],
      ['reject', { reason: 'mine' }],
    ] as const) {
      const response = await maker.post(`/api/admin/withdrawals/${withdrawal.id}/${path}`, body);
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe('SELF_DECISION_FORBIDDEN');
    }
    const after = await summaryOf(maker);
    expect([after.availableCents, after.heldCents]).toEqual([before.availableCents, 4_000]);
    expect(after.recentTransactions.find((r) => r.id === withdrawal.id)?.status).toBe('pending');
    expect(await auditRows('refused.self_decision', withdrawal.transactionId)).toHaveLength(2);
    expect((await checker.post(`/api/admin/withdrawals/${withdrawal.id}/pay`)).statusCode).toBe(
      200,
    );
  });

  it('an admin cannot adjust their own account, even below the threshold', async () => {
    const entries = await countRows(t, 'journal_entries');
    for (const bucket of ['balance', 'profit', 'bonus']) {
      const response = await maker.post(`/api/admin/users/${makerId}/adjustments`, {
        bucket,
        amount: '5',
        reason: 'for me',
      });
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe('SELF_DECISION_FORBIDDEN');
    }
    expect(await countRows(t, 'journal_entries')).toBe(entries);
    expect(
      await t.db.execute(sql`SELECT 1 FROM money_approvals WHERE user_id = ${makerId}`),
    ).toMatchObject({ rows: [] });
    expect(await auditRows('refused.self_decision', makerId)).toHaveLength(3);
  });

  it('an admin cannot activate themselves, make themselves a trader, or pay themselves a referral bonus', async () => {
    expect((await checker.post(`/api/admin/users/${makerId}/deactivate`)).statusCode).toBe(200);
    // A deactivated admin has no admin powers at all, so cannot reactivate themselves either.
    const self = await maker.post(`/api/admin/users/${makerId}/activate`);
    expect([self.statusCode, codeOf(self)]).toEqual([403, 'STAFF_ACCOUNT_INACTIVE']);
    expect((await checker.post(`/api/admin/users/${makerId}/activate`)).statusCode).toBe(200);

    const trader = await maker.post(`/api/admin/users/${makerId}/make-trader`);
    expect([trader.statusCode, codeOf(trader)]).toEqual([403, 'SELF_DECISION_FORBIDDEN']);
    // Refused before the strategy is even looked up.
    const strategyId = randomUUID();
    const lead = await maker.post(`/api/admin/strategies/${strategyId}/lead-trader`, {
      userId: makerId,
    });
    expect([lead.statusCode, codeOf(lead)]).toEqual([403, 'SELF_DECISION_FORBIDDEN']);

    const me = (await maker.get('/api/auth/me')).json<{ user: { referralId: string } }>().user;
    const referred = await registerUser(t.app, { referrerId: me.referralId });
    const bonusBefore = (await summaryOf(maker)).totalBonusCents;
    const activate = await maker.post(`/api/admin/users/${referred.user.id}/activate`);
    expect([activate.statusCode, codeOf(activate)]).toEqual([403, 'SELF_DECISION_FORBIDDEN']);
    expect((await summaryOf(maker)).totalBonusCents).toBe(bonusBefore);
    expect((await checker.post(`/api/admin/users/${referred.user.id}/activate`)).statusCode).toBe(
      200,
    );
    expect((await summaryOf(maker)).totalBonusCents).toBe(bonusBefore + 10_000);
    const operations = (await auditRows('refused.self_decision')).map(
      (r) => (r.details as { operation: string }).operation,
    );
    expect(operations).toEqual(
      expect.arrayContaining(['user.make_trader', 'strategy.lead_trader', 'referral.bonus']),
    );
  });
});

describe('maker-checker above the threshold', () => {
  beforeEach(() => setThreshold('100'));

  it('an adjustment above the threshold waits for a second admin and is booked once on approval', async () => {
    const investor = await activeUser(t, 'Grace Hopper');
    const entries = await countRows(t, 'journal_entries');
    const asked = await maker.post(`/api/admin/users/${investor.user.id}/adjustments`, {
      bucket: 'bonus',
      amount: '150',
      reason: 'Loyalty',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json<{ approval: Approval }>();
    expect(approval).toMatchObject({
      kind: 'adjustment',
      status: 'pending',
      amountCents: 15_000,
      bucket: 'bonus',
      reason: 'Loyalty',
      user: { id: investor.user.id },
      requestedBy: { id: makerId },
      decidedBy: null,
      transactionId: null,
    });
    expect(await countRows(t, 'journal_entries')).toBe(entries);
    expect((await summaryOf(investor.client)).totalBonusCents).toBe(0);
    const pending = (await checker.get('/api/admin/approvals')).json<{ items: Approval[] }>();
    expect(pending.items.map((a) => a.id)).toContain(approval.id);

    // The maker cannot be the checker.
    const own = await maker.post(`/api/admin/approvals/${approval.id}/approve`);
    expect([own.statusCode, codeOf(own)]).toEqual([403, 'SECOND_ADMIN_REQUIRED']);
    expect(await auditRows('refused.same_admin_approval', approval.id)).toHaveLength(1);

    const key = { 'idempotency-key': `approve-${approval.id}` };
    const approved = await checker.post(`/api/admin/approvals/${approval.id}/approve`, {}, key);
    expect(approved.statusCode, approved.body).toBe(200);
    const decision = approved.json<ApprovalDecision>();
    expect(decision.approval).toMatchObject({
      status: 'approved',
      decidedBy: { id: checkerId },
      transactionId: decision.transaction?.transactionId,
    });
    expect(decision.transaction).toMatchObject({
      kind: 'adjustment_bonus',
      status: 'success',
      amountCents: 15_000,
      description: 'Bonus adjustment: Loyalty',
    });
    const replay = await checker.post(`/api/admin/approvals/${approval.id}/approve`, {}, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(decision);
    expect((await checker.post(`/api/admin/approvals/${approval.id}/approve`)).statusCode).toBe(
      409,
    );
    expect(await countRows(t, 'journal_entries')).toBe(entries + 1);
    expect((await summaryOf(investor.client)).totalBonusCents).toBe(15_000);

    // Both admins in the audit log.
    expect((await auditRows('approval.requested', investor.user.id))[0]?.actor_id).toBe(makerId);
    expect((await auditRows('approval.approved', approval.id))[0]).toMatchObject({
      actor_id: checkerId,
      details: { requestedBy: makerId, amountCents: '15000' },
    });
    expect((await auditRows('adjustment.bonus', investor.user.id))[0]).toMatchObject({
      actor_id: checkerId,
      details: { requestedBy: makerId, approvedBy: checkerId, approvalId: approval.id },
    });
  });

  it('an adjustment at the threshold is booked at once; with a threshold of 0 every one waits', async () => {
    const investor = await activeUser(t);
    const at = await maker.post(`/api/admin/users/${investor.user.id}/adjustments`, {
      bucket: 'balance',
      amount: '100',
      reason: 'Goodwill',
    });
    expect(at.statusCode).toBe(201);
    const debit = await maker.post(`/api/admin/users/${investor.user.id}/adjustments`, {
      bucket: 'balance',
      amount: '-100.01',
      reason: 'Correction',
    });
    expect(debit.statusCode).toBe(202);
    await setThreshold('0');
    const tiny = await maker.post(`/api/admin/users/${investor.user.id}/adjustments`, {
      bucket: 'profit',
      amount: '0.01',
      reason: 'Rounding',
    });
    expect(tiny.statusCode).toBe(202);
    expect((await summaryOf(investor.client)).availableCents).toBe(10_000);
    expect((await maker.get('/api/admin/settings/four-eyes')).json()).toEqual({
      thresholdCents: 0,
    });
  });

  it('a payout above the threshold waits with its hold; a rejected approval books nothing and leaves the withdrawal pending; the next approval pays it once', async () => {
    const investor = await fundedInvestor(t, maker, 100_000, 'Ada Byron');
    const withdrawal = await withdraw(investor.client, '500');
    const entries = await countRows(t, 'journal_entries');

    const asked = await maker.post(`/api/admin/withdrawals/${withdrawal.transactionId}/pay`);
    expect(asked.statusCode, asked.body).toBe(202);
    const first = asked.json<{ approval: Approval }>().approval;
    expect(first).toMatchObject({
      kind: 'withdrawal_payout',
      status: 'pending',
      amountCents: 50_000,
      transactionId: withdrawal.transactionId,
      bucket: null,
    });
    // While it waits: no second request, no rejection of the withdrawal, nothing booked.
    await expectDecisionsHeld(checker, `/api/admin/withdrawals/${withdrawal.id}`, {
      pay: {},
      reject: { reason: 'changed my mind' },
    });
    expect(await countRows(t, 'journal_entries')).toBe(entries);
    let figures = await summaryOf(investor.client);
    expect([figures.availableCents, figures.heldCents]).toEqual([50_000, 50_000]);

    // Nor a direct payout after the threshold went up: the waiting approval decides.
    await setThreshold('1000');
    const direct = await checker.post(`/api/admin/withdrawals/${withdrawal.id}/pay`);
    expect([direct.statusCode, codeOf(direct)]).toEqual([409, 'APPROVAL_PENDING']);
    await setThreshold('100');
    expect(await countRows(t, 'journal_entries')).toBe(entries);

    const noReason = await checker.post(`/api/admin/approvals/${first.id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    const rejected = await checker.post(`/api/admin/approvals/${first.id}/reject`, {
      reason: 'Call the customer first',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<ApprovalDecision>()).toMatchObject({
      approval: { status: 'rejected', rejectionReason: 'Call the customer first' },
      transaction: null,
    });
    expect(await countRows(t, 'journal_entries')).toBe(entries);
    figures = await summaryOf(investor.client);
    expect([figures.availableCents, figures.heldCents]).toEqual([50_000, 50_000]);
    expect(figures.recentTransactions.find((r) => r.id === withdrawal.id)?.status).toBe('pending');

    // A new decision: pay again (a new approval), approved by the other admin.
    const again = await checker.post(`/api/admin/withdrawals/${withdrawal.id}/pay`);
    expect(again.statusCode).toBe(202);
    const second = again.json<{ approval: Approval }>().approval;
    expect(second.requestedBy.id).toBe(checkerId);
    const paid = await maker.post(`/api/admin/approvals/${second.id}/approve`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<ApprovalDecision>().transaction).toMatchObject({
      id: withdrawal.id,
      status: 'success',
      amountCents: 50_000,
    });
    expect(await countRows(t, 'journal_entries')).toBe(entries + 1);
    figures = await summaryOf(investor.client);
    expect([figures.availableCents, figures.heldCents, figures.totalWithdrawalsCents]).toEqual([
      50_000, 0, 50_000,
    ]);
    expect((await auditRows('withdrawal.paid', withdrawal.transactionId))[0]).toMatchObject({
      actor_id: makerId,
      details: { requestedBy: checkerId, approvedBy: makerId },
    });
  });

  it('splitting does not dodge it: what one admin moved alone for a user in 24 hours counts', async () => {
    const investor = await activeUser(t, 'Ada Split');
    const adjust = (amount: string) =>
      maker.post(`/api/admin/users/${investor.user.id}/adjustments`, {
        bucket: 'bonus',
        amount,
        reason: 'Split',
      });
    expect((await adjust('60')).statusCode).toBe(201);
    expect((await adjust('40')).statusCode).toBe(201);
    expect((await adjust('0.01')).statusCode).toBe(202);
    // Another admin has their own allowance.
    expect(
      (
        await checker.post(`/api/admin/users/${investor.user.id}/adjustments`, {
          bucket: 'bonus',
          amount: '100',
          reason: 'Split',
        })
      ).statusCode,
    ).toBe(201);

    await fund(t, checker, investor.client, 20_000);
    const first = await withdraw(investor.client, '60');
    const second = await withdraw(investor.client, '50');
    expect((await maker.post(`/api/admin/withdrawals/${first.id}/pay`)).statusCode).toBe(200);
    const split = await maker.post(`/api/admin/withdrawals/${second.id}/pay`);
    expect(split.statusCode).toBe(202);
    const { approval } = split.json<{ approval: Approval }>();
    expect((await checker.post(`/api/admin/approvals/${approval.id}/approve`)).statusCode).toBe(
      200,
    );
    expect((await summaryOf(investor.client)).totalWithdrawalsCents).toBe(11_000);

    // A day later the maker's allowance is back (everyone signs in again after the idle timeout).
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    maker = await adminClient(t);
    checker = await loginWithSecondFactor(t, checkerLogin.email, checkerLogin.password);
    expect((await adjust('100')).statusCode).toBe(201);
  });

  it('two checkers approving at once book it once; the other gets 409', async () => {
    const third = await secondAdmin(t);
    const investor = await fundedInvestor(t, maker, 30_000);
    const withdrawal = await withdraw(investor.client, '200');
    const { approval } = (await maker.post(`/api/admin/withdrawals/${withdrawal.id}/pay`)).json<{
      approval: Approval;
    }>();
    const entries = await countRows(t, 'journal_entries');
    const answers = await Promise.all(
      [checker, third.client].map((c) => c.post(`/api/admin/approvals/${approval.id}/approve`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await countRows(t, 'journal_entries')).toBe(entries + 1);
    expect((await summaryOf(investor.client)).totalWithdrawalsCents).toBe(20_000);
  });

  it('nobody approves an approval about their own money', async () => {
    await fund(t, maker, checker, 20_000);
    const withdrawal = await withdraw(checker, '150');
    const asked = await maker.post(`/api/admin/withdrawals/${withdrawal.id}/pay`);
    expect(asked.statusCode).toBe(202);
    const { approval } = asked.json<{ approval: Approval }>();
    const own = await checker.post(`/api/admin/approvals/${approval.id}/approve`);
    expect([own.statusCode, codeOf(own)]).toEqual([403, 'SELF_DECISION_FORBIDDEN']);
    await maker.post(`/api/admin/approvals/${approval.id}/reject`, { reason: 'tidy up' });
  });
});

describe('admins need two-factor sign-in', () => {
  it('an admin without it gets 403 ADMIN_TWO_FACTOR_REQUIRED on admin operations until they turn it on', async () => {
    const { client, user, input } = await registerUser(t.app, { name: 'New Admin' });
    expect((await maker.post(`/api/admin/users/${user.id}/activate`)).statusCode).toBe(200);
    expect(
      (await approvedBySecondAdmin(t, await maker.post(`/api/admin/users/${user.id}/make-admin`)))
        .statusCode,
    ).toBe(200);
    const signedIn = new TestClient(t.app);
    const login = await signedIn.post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(login.statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/approvals'],
      ['PUT', '/api/admin/settings/four-eyes'],
      ['POST', `/api/admin/users/${makerId}/adjustments`],
    ] as const) {
      const response = await signedIn.request(method, url, method === 'GET' ? undefined : {});
      expect([response.statusCode, codeOf(response)], url).toEqual([
        403,
        'ADMIN_TWO_FACTOR_REQUIRED',
      ]);
    }
    // Their own pages still work, and they can turn two-factor on.
    expect((await signedIn.get('/api/auth/me')).json()).toMatchObject({
      user: { isAdmin: true, twoFactorEnabled: false },
    });
    const setup = await signedIn.post('/api/auth/2fa/setup');
    const { secret } = setup.json<{ secret: string }>();
    const enabled = await signedIn.post('/api/auth/2fa/enable', {
      otp: await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) }),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await signedIn.get('/api/admin/users')).statusCode).toBe(200);
    void client;
  });
});

describe('the admin realtime channel', () => {
  it('is joined only by admins with two-factor sign-in on', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { user, input } = await registerUser(t.app, { name: 'Socket Admin' });
    expect((await maker.post(`/api/admin/users/${user.id}/activate`)).statusCode).toBe(200);
    expect(
      (await approvedBySecondAdmin(t, await maker.post(`/api/admin/users/${user.id}/make-admin`)))
        .statusCode,
    ).toBe(200);
    const plain = new TestClient(t.app);
    await plain.post('/api/auth/login', { email: input.email, password: input.password });
    const listen = (sid: string | undefined) => {
      const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime`, {
        headers: { cookie: `sid=${sid ?? ''}` },
      });
      const types: string[] = [];
      socket.on('message', (raw: Buffer) =>
        types.push((JSON.parse(raw.toString()) as { type: string }).type),
      );
      return { socket, types };
    };
    const withTwoFactor = listen(maker.cookies.get('sid'));
    const without = listen(plain.cookies.get('sid'));
    await eventually(
      () => withTwoFactor.types.includes('hello') && without.types.includes('hello'),
    );
    t.ctx.realtime.publish('admin', { type: 'approvals.changed' });
    t.ctx.realtime.publish(`user:${user.id}`, { type: 'account.changed' });
    await eventually(() => withTwoFactor.types.includes('approvals.changed'));
    await eventually(() => without.types.includes('account.changed'));
    expect(without.types).not.toContain('approvals.changed');
    withTwoFactor.socket.close();
    without.socket.close();
  });
});

describe('a deactivated account', () => {
  it('can still withdraw its money, but cannot deposit or invest', async () => {
    await setThreshold('1000');
    const investor = await fundedInvestor(t, maker, 20_000, 'Mary Somerville');
    expect((await maker.post(`/api/admin/users/${investor.user.id}/deactivate`)).statusCode).toBe(
      200,
    );
    const withdrawal = await investor.client.post('/api/withdrawals', bankWithdrawal('120'));
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const figures = await summaryOf(investor.client);
    expect([figures.availableCents, figures.heldCents]).toEqual([8_000, 12_000]);
    expect(
      (
        await maker.post(
          `/api/admin/withdrawals/${withdrawal.json<{ transaction: Transaction }>().transaction.id}/pay`,
        )
      ).statusCode,
    ).toBe(200);

    const { crypto } = await methodIds(t);
    const deposit = await investor.client.post('/api/deposits', { methodId: crypto, amount: '10' });
    expect([deposit.statusCode, codeOf(deposit)]).toEqual([403, 'ACCOUNT_DEACTIVATED']);
    // Told why, and that its money can still leave (not the new-account text).
    expect(deposit.json<{ error: { message: string } }>().error.message).toBe(
      ERROR_ENGLISH.ACCOUNT_DEACTIVATED,
    );
    const me = (await investor.client.get('/api/auth/me')).json<{
      user: { isActive: boolean; activatedAt: string | null };
    }>().user;
    expect(me.isActive).toBe(false);
    expect(me.activatedAt).not.toBeNull();
    const plans = (await investor.client.get('/api/plans')).json<{ plans: { id: string }[] }>();
    const invest = await investor.client.post('/api/trades', {
      planId: plans.plans[0]?.id,
      amount: '50',
    });
    expect([invest.statusCode, codeOf(invest)]).toEqual([403, 'ACCOUNT_DEACTIVATED']);
    expect((await summaryOf(investor.client)).availableCents).toBe(8_000);
  });
});

describe('dual control under races', () => {
  beforeEach(() => setThreshold('1000'));

  /** What `adminId` booked alone (no approval behind it) for `userId`, in cents. */
  async function bookedAloneCents(adminId: string, userId: string, kind: 'adjustment' | 'payout') {
    const result = await t.db.execute<{ cents: string }>(sql`
      SELECT coalesce(sum(t.amount_cents), 0)::text AS cents FROM transactions t
      WHERE t.user_id = ${userId} AND t.decided_by = ${adminId}
        AND ${kind === 'adjustment' ? sql`t.kind LIKE 'adjustment\_%'` : sql`t.kind = 'withdrawal' AND t.status = 'success'`}
        AND NOT EXISTS (SELECT 1 FROM money_approvals a WHERE a.transaction_id = t.id)`);
    return Number(result.rows[0]?.cents ?? 0);
  }

  it('100 parallel $900 adjustments by one admin: at most the threshold is booked alone, the rest wait', async () => {
    const investor = await activeUser(t, 'Race Adjusted');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        maker.post(`/api/admin/users/${investor.user.id}/adjustments`, {
          bucket: 'bonus',
          amount: '900',
          reason: 'Race',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 202)).toHaveLength(99);
    expect(await bookedAloneCents(makerId, investor.user.id, 'adjustment')).toBe(90_000);
  });

  it('the same without a request around it: the check itself serialises, not the HTTP layer', async () => {
    const investor = await activeUser(t, 'Race Direct');
    const admin = await findUserById(t.db, makerId);
    if (!admin) throw new Error('maker missing');
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () =>
        adjust(
          t.ctx,
          admin,
          investor.user.id,
          { bucket: 'bonus', amount: 90_000, reason: 'Race' },
          undefined,
          '127.0.0.1',
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 201)).toHaveLength(1);
    expect(await bookedAloneCents(makerId, investor.user.id, 'adjustment')).toBe(90_000);
  });

  it('8 parallel $900 payouts for one user by one admin: one is paid alone, the others wait for a second admin', async () => {
    const investor = await fundedInvestor(t, checker, 800_000, 'Race Paid');
    const withdrawals = [];
    for (let i = 0; i < 8; i += 1) withdrawals.push(await withdraw(investor.client, '900'));
    const answers = await Promise.all(
      withdrawals.map((withdrawal) => maker.post(`/api/admin/withdrawals/${withdrawal.id}/pay`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 202, 202, 202, 202, 202, 202, 202]);
    expect(await bookedAloneCents(makerId, investor.user.id, 'payout')).toBe(90_000);
  });
});

describe('what widens one admin’s reach waits for a second admin', () => {
  beforeEach(() => setThreshold('1000'));

  /** One change per setting under dual control: the widening one waits, the tightening one not. */
  const SETTINGS: {
    path: string;
    widen: Record<string, unknown>;
    tighten: Record<string, unknown>;
    read: string;
  }[] = [
    {
      path: 'four-eyes',
      widen: { threshold: '1000000' },
      tighten: { threshold: '500' },
      read: 'four-eyes',
    },
    {
      path: 'trader-fees',
      widen: { feeMinPct: '0', feeMaxPct: '60' },
      tighten: { feeMinPct: '0', feeMaxPct: '20' },
      read: 'trader-fees',
    },
    {
      path: 'verification',
      widen: { verificationRequired: false },
      tighten: { verificationRequired: true },
      read: 'verification',
    },
    {
      path: 'appropriateness',
      widen: { appropriatenessRequired: false },
      tighten: { appropriatenessRequired: true },
      read: 'appropriateness',
    },
    {
      path: 'document-retention',
      widen: { retentionDays: 30 },
      tighten: { retentionDays: 3000 },
      read: 'document-retention',
    },
  ];

  it.each(SETTINGS)(
    'PUT /api/admin/settings/$path: tightening applies at once; widening waits, changes nothing, and applies on the checker’s approval',
    async ({ path, widen, tighten, read }) => {
      const tightened = await maker.put(`/api/admin/settings/${path}`, tighten);
      expect(tightened.statusCode, tightened.body).toBe(200);
      const readSetting = async () => (await maker.get(`/api/admin/settings/${read}`)).body;
      const before = await readSetting();

      const asked = await maker.put(`/api/admin/settings/${path}`, widen);
      expect(asked.statusCode, asked.body).toBe(202);
      const { approval } = asked.json<{ approval: Approval }>();
      expect(approval).toMatchObject({ kind: 'setting_change', status: 'pending', user: null });
      expect(await readSetting()).toBe(before);
      // Not the maker, and not twice at once.
      const own = await maker.post(`/api/admin/approvals/${approval.id}/approve`);
      expect([own.statusCode, codeOf(own)]).toEqual([403, 'SECOND_ADMIN_REQUIRED']);
      const again = await maker.put(`/api/admin/settings/${path}`, widen);
      expect([again.statusCode, codeOf(again)]).toEqual([409, 'APPROVAL_PENDING']);

      const approved = await checker.post(`/api/admin/approvals/${approval.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await readSetting()).not.toBe(before);
      const [audit] = (await auditRows('approval.approved', approval.id)).slice(-1);
      expect(audit?.actor_id).toBe(checkerId);
      // Put back (tightening: alone).
      if (path !== 'four-eyes') await maker.put(`/api/admin/settings/${path}`, tighten);
    },
  );

  it('a deposit approval above the threshold waits with the deposit pending; another admin books it once', async () => {
    const investor = await activeUser(t, 'Dana Deposit');
    const { crypto } = await methodIds(t);
    const deposit = (
      await investor.client.post('/api/deposits', { methodId: crypto, amount: '1500' })
    ).json<{ transaction: Transaction }>().transaction;
    const entries = await countRows(t, 'journal_entries');

    const asked = await maker.post(`/api/admin/deposits/${deposit.id}/approve`);
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json<{ approval: Approval }>();
    expect(approval).toMatchObject({
      kind: 'deposit_approval',
      amountCents: 150_000,
      transactionId: deposit.transactionId,
      user: { id: investor.user.id },
    });
    expect(await countRows(t, 'journal_entries')).toBe(entries);
    // While it waits, nobody approves or rejects the deposit itself.
    await expectDecisionsHeld(checker, `/api/admin/deposits/${deposit.id}`, {
      approve: {},
      reject: { reason: 'never arrived' },
    });
    expect((await summaryOf(investor.client)).availableCents).toBe(0);

    const approved = await checker.post(`/api/admin/approvals/${approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await summaryOf(investor.client)).availableCents).toBe(150_000);
    const [booked] = await auditRows('deposit.approved', deposit.transactionId);
    expect(booked).toMatchObject({
      actor_id: checkerId,
      details: { requestedBy: makerId, approvedBy: checkerId },
    });
    // A deposit at the threshold is approved by one admin.
    const small = (
      await investor.client.post('/api/deposits', { methodId: crypto, amount: '1000' })
    ).json<{ transaction: Transaction }>().transaction;
    expect((await maker.post(`/api/admin/deposits/${small.id}/approve`)).statusCode).toBe(200);
  });

  it('making an admin, once there are two, waits for the other admin', async () => {
    const { user } = await registerUser(t.app, { name: 'Would-be Admin' });
    const asked = await maker.post(`/api/admin/users/${user.id}/make-admin`);
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json<{ approval: Approval }>();
    expect(approval).toMatchObject({ kind: 'admin_grant', user: { id: user.id } });
    const isAdmin = async () =>
      (
        await t.db.execute<{ is_admin: boolean }>(
          sql`SELECT is_admin FROM users WHERE id = ${user.id}`,
        )
      ).rows[0]?.is_admin;
    expect(await isAdmin()).toBe(false);
    const own = await maker.post(`/api/admin/approvals/${approval.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect((await checker.post(`/api/admin/approvals/${approval.id}/approve`)).statusCode).toBe(
      200,
    );
    expect(await isAdmin()).toBe(true);
    const [made] = await auditRows('user.made_admin', user.id);
    expect(made).toMatchObject({ actor_id: checkerId, details: { requestedBy: makerId } });
  });
});
