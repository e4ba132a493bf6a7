import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationType,
} from '@app/shared/schemas/notifications';
import type { Transaction } from '@app/shared/schemas/transactions';
import { parseMessage } from '../src/modules/mail/mailbox';
import { MAIL_LANGUAGES } from '../src/modules/notifications/notification.mail';
import {
  createScriptedTradingApp,
  openCopy,
  placeOrder,
  tickAt as tickBtc,
} from './copy-trading-helpers';
import { adminClient, approvedBySecondAdmin, type TestClient } from './harness';
import {
  activeUser,
  auditAfterEach,
  bankWithdrawal,
  fund,
  fundedInvestor,
  methodIds,
} from './money-helpers';
import { startSmtpPeer } from './smtp-peer';

/**
 * Alerts (issue 16): every event that touches a user's money creates its alert once, in the
 * event's transaction, and e-mails it over SMTP (a real smtp-server peer on loopback) in the user's
 * language when their choices say so. Ana reads Spanish and turns the strategy e-mails on; Dieter
 * reads German and turns the withdrawal-rejected e-mail off.
 */

let t: Awaited<ReturnType<typeof createScriptedTradingApp>>;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let admin: TestClient;

/** Sets BTC's price, moves the clock a second and takes a tick, waiting for its closes. */
const tickAt = (btc: string) => tickBtc(t, { BTCUSDT: btc });

const alertsOf = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPage>();
};

/** How many alerts of each type the user has (read from the database). */
async function countsOf(userId: string): Promise<Partial<Record<NotificationType, number>>> {
  const rows = await t.db.execute<{ type: NotificationType; n: number }>(
    sql`SELECT type, count(*)::int AS n FROM notifications WHERE user_id = ${userId} GROUP BY type`,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.type, r.n]));
}

/** The messages the SMTP peer received for `to`, parsed. */
async function mailsTo(to: string) {
  await t.trading.alertMails.settled();
  await t.ctx.mailer.idle();
  t.ctx.mailer.kick();
  await t.ctx.mailer.idle();
  return smtp.received
    .filter((m) => m.to.includes(to))
    .map((m) => parseMessage('smtp', m.raw))
    .filter((m) => (NOTIFICATION_TYPES as readonly string[]).includes(m.template));
}

async function deposit(client: TestClient, amount: string) {
  const { crypto } = await methodIds(t);
  const made = await client.post('/api/deposits', { methodId: crypto, amount });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<{ transaction: Transaction }>().transaction;
}

async function withdraw(client: TestClient, amount: string) {
  const made = await client.post('/api/withdrawals', bankWithdrawal(amount));
  expect(made.statusCode, made.body).toBe(201);
  return made.json<{ transaction: Transaction }>().transaction;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createScriptedTradingApp({ smtpUrl: smtp.url });
  admin = await adminClient(t);
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});
auditAfterEach(() => t);

describe('alerts for every event that touches a user’s money', () => {
  it('creates each alert once per event and e-mails it by SMTP in the user’s language', async () => {
    const publish = vi.spyOn(t.ctx.realtime, 'publish');
    const ana = await activeUser(t, 'Ana Notify');
    const dieter = await activeUser(t, 'Dieter Notify');
    const preferences = async (client: TestClient, body: unknown) => {
      const saved = await client.put('/api/notifications/preferences', body);
      expect(saved.statusCode, saved.body).toBe(200);
      return saved.json<NotificationPreferences>();
    };
    // Defaults: e-mail on for the money events, off for the strategy news.
    const defaults = (
      await ana.client.get('/api/notifications/preferences')
    ).json<NotificationPreferences>();
    expect(defaults.language).toBe('en');
    expect(defaults.email.deposit_approved).toBe(true);
    expect(defaults.email.strategy_paused).toBe(false);
    await preferences(ana.client, {
      language: 'es',
      email: { strategy_paused: true, strategy_resumed: true, lead_trader_changed: true },
    });
    const dieterPrefs = await preferences(dieter.client, {
      language: 'de',
      email: { withdrawal_rejected: false },
    });
    expect(dieterPrefs.email).toMatchObject({ withdrawal_rejected: false, withdrawal_paid: true });

    // Deposits: approved (Ana), rejected (Dieter); approving twice books and tells once.
    const anaDeposit = await deposit(ana.client, '5000');
    const approveUrl = `/api/admin/deposits/${anaDeposit.id}/approve`;
    // $5,000 is above the four-eyes threshold: a second admin books it.
    expect((await approvedBySecondAdmin(t, await admin.post(approveUrl))).statusCode).toBe(200);
    expect((await admin.post(approveUrl)).statusCode).toBe(409);
    await fund(t, admin, dieter.client, 500_000);
    const dieterDeposit = await deposit(dieter.client, '10');
    const rejected = await admin.post(`/api/admin/deposits/${dieterDeposit.id}/reject`, {
      reason: 'Keine Zahlung',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    // Withdrawals: paid (Ana), rejected (Dieter, e-mail turned off).
    const paid = await withdraw(ana.client, '100');
    expect((await admin.post(`/api/admin/withdrawals/${paid.id}/pay`)).statusCode).toBe(200);
    const refused = await withdraw(dieter.client, '100');
    const refusedAnswer = await admin.post(`/api/admin/withdrawals/${refused.id}/reject`, {
      reason: 'Kontonummer falsch',
    });
    expect(refusedAnswer.statusCode, refusedAnswer.body).toBe(200);

    // A staff adjustment (Ana).
    const adjusted = await admin.post(`/api/admin/users/${ana.user.id}/adjustments`, {
      bucket: 'bonus',
      amount: '5',
      reason: 'Bienvenida',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);

    // Copy trading: the Silver strategy all in BTC; Ana copies it with a 10 % stop-loss,
    // Dieter copies Basic (a one-day term). Lead traders are assigned before anyone copies.
    const plans = (await admin.get('/api/plans')).json<{
      plans: { id: string; title: string; strategy: { id: string } | null }[];
    }>().plans;
    const silver = plans.find((p) => p.title === 'Silver')!;
    const basic = plans.find((p) => p.title === 'Basic')!;
    const strategyId = silver.strategy!.id;
    const traders = [await activeUser(t, 'Lead One'), await activeUser(t, 'Lead Two')];
    for (const trader of traders) {
      expect((await admin.post(`/api/admin/users/${trader.user.id}/make-trader`)).statusCode).toBe(
        200,
      );
    }
    const lead = (userId: string) =>
      admin.post(`/api/admin/strategies/${strategyId}/lead-trader`, { userId });
    expect((await lead(traders[0]!.user.id)).statusCode).toBe(200);
    await tickAt('100000.00');
    await placeOrder(traders[0]!.client, { symbol: 'BTCUSDT', side: 'long', targetWeight: '100' });
    await openCopy(ana.client, { planId: silver.id, amount: '1000', stopLossPct: 10 });
    expect(
      (await dieter.client.post('/api/trades', { planId: basic.id, amount: '100' })).statusCode,
    ).toBe(201);

    // The platform pauses (twice: one event), resumes, and hands the strategy to another trader.
    expect((await admin.post(`/api/admin/strategies/${strategyId}/pause`)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/strategies/${strategyId}/pause`)).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/strategies/${strategyId}/resume`)).statusCode).toBe(200);
    expect((await lead(traders[1]!.user.id)).statusCode).toBe(200);

    // Tom copies Silver too, with a 5 % take-profit: BTC rises 6 % and his copy is closed.
    const tom = await fundedInvestor(t, admin, 200_000, 'Tom Notify');
    await openCopy(tom.client, { planId: silver.id, amount: '1000', takeProfitPct: 5 });
    await tickAt('106000.00');
    await tickAt('107000.00');
    expect(await countsOf(tom.user.id)).toEqual({ deposit_approved: 1, trade_take_profit: 1 });
    const tomMails = await mailsTo(tom.input.email);
    expect(tomMails.find((m) => m.template === 'trade_take_profit')?.subject).toBe(
      'Your Silver copy reached its take-profit',
    );

    // BTC falls 10 %: Ana's copy is stopped out at that tick (and not again at the next one).
    await tickAt('90000.00');
    await tickAt('89000.00');
    // Dieter's Basic copy reaches the end of its term (its end moved to now: sessions do not
    // last the day it would take).
    await t.db.execute(
      sql`UPDATE trades SET closes_at = ${t.clock.now()} WHERE user_id = ${dieter.user.id}`,
    );
    await tickAt('89000.00');
    t.trading.closes.termEnds(t.clock.now());
    await t.trading.closes.settled();
    t.trading.closes.termEnds(t.clock.now());
    await t.trading.closes.settled();

    expect(await countsOf(ana.user.id)).toEqual({
      deposit_approved: 1,
      withdrawal_paid: 1,
      adjustment_posted: 1,
      strategy_paused: 1,
      strategy_resumed: 1,
      lead_trader_changed: 1,
      trade_stopped_out: 1,
    });
    expect(await countsOf(dieter.user.id)).toEqual({
      deposit_approved: 1,
      deposit_rejected: 1,
      withdrawal_rejected: 1,
      trade_term_ended: 1,
    });

    // E-mails: one per alert whose choice is on, in the user's language, over SMTP.
    const es = MAIL_LANGUAGES.es.write;
    const anaMails = await mailsTo(ana.input.email);
    expect(anaMails.map((m) => m.template).sort()).toEqual(
      [
        'adjustment_posted',
        'deposit_approved',
        'lead_trader_changed',
        'strategy_paused',
        'strategy_resumed',
        'trade_stopped_out',
        'withdrawal_paid',
      ].sort(),
    );
    const anaDepositMail = anaMails.find((m) => m.template === 'deposit_approved')!;
    expect(anaDepositMail.subject).toBe(
      es.deposit_approved({ transactionId: anaDeposit.transactionId, amountCents: 500_000 })
        .subject,
    );
    expect(anaDepositMail.subject).toBe('Su depósito de $5,000.00 está confirmado');
    expect(anaDepositMail.text).toContain('Hola Ana Notify:');
    const stopMail = anaMails.find((m) => m.template === 'trade_stopped_out')!;
    expect(stopMail.subject).toBe('Su copia del plan Silver se cerró por su stop-loss');
    expect(stopMail.text).toContain('$900.00');

    const dieterMails = await mailsTo(dieter.input.email);
    expect(dieterMails.map((m) => m.template).sort()).toEqual(
      ['deposit_approved', 'deposit_rejected', 'trade_term_ended'].sort(),
    );
    const dieterRejected = dieterMails.find((m) => m.template === 'deposit_rejected')!;
    expect(dieterRejected.subject).toBe(
      `Ihre Einzahlung ${dieterDeposit.transactionId} wurde nicht bestätigt`,
    );
    expect(dieterRejected.text).toContain('Grund: Keine Zahlung');
    expect(dieterMails.find((m) => m.template === 'trade_term_ended')?.text).toContain(
      'Hallo Dieter Notify,',
    );

    // The in-app list: newest first, params as codes and numbers; the socket told each user.
    const anaPage = await alertsOf(ana.client);
    expect(anaPage.unreadCount).toBe(7);
    expect(anaPage.notifications[0]).toMatchObject({
      type: 'trade_stopped_out',
      params: { plan: 'Silver', amountCents: 100_000, payoutCents: 90_000 },
      readAt: null,
    });
    const toAna = publish.mock.calls.filter(([channel]) => channel === `user:${ana.user.id}`);
    expect(toAna.filter(([, e]) => e.type === 'notifications.changed')).toHaveLength(7);
    publish.mockRestore();
  }, 120_000);

  it('pages newest first, marks one or all read, and never shows or marks another user’s', async () => {
    const owner = await activeUser(t, 'Paging Owner');
    const other = await activeUser(t, 'Paging Other');
    for (let i = 1; i <= 3; i += 1) {
      t.clock.advance(1_000);
      await admin.post(`/api/admin/users/${owner.user.id}/adjustments`, {
        bucket: 'bonus',
        amount: String(i),
        reason: `Bonus ${i}`,
      });
    }
    const first = await alertsOf(owner.client, '?limit=2');
    expect(first.notifications.map((n) => n.params)).toMatchObject([
      { amountCents: 300 },
      { amountCents: 200 },
    ]);
    expect(first.nextCursor).not.toBeNull();
    const second = await alertsOf(owner.client, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.notifications.map((n) => n.params)).toMatchObject([{ amountCents: 100 }]);
    expect(second.nextCursor).toBeNull();
    expect((await owner.client.get('/api/notifications?cursor=nonsense')).statusCode).toBe(400);

    // The other user sees none of them and cannot mark them: 404, and they stay unread.
    expect((await alertsOf(other.client)).notifications).toEqual([]);
    const id = first.notifications[0]!.id;
    const foreign = await other.client.post(`/api/notifications/${id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'NOTIFICATION_NOT_FOUND' } });
    expect((await other.client.post('/api/notifications/read-all')).statusCode).toBe(200);
    expect((await owner.client.get('/api/notifications/unread-count')).json()).toEqual({
      unreadCount: 3,
    });

    const marked = await owner.client.post(`/api/notifications/${id}/read`);
    expect(marked.json()).toEqual({ unreadCount: 2 });
    expect((await owner.client.post(`/api/notifications/${id}/read`)).json()).toEqual({
      unreadCount: 2,
    });
    expect((await owner.client.post('/api/notifications/read-all')).json()).toEqual({
      unreadCount: 0,
    });
    expect((await owner.client.get('/api/notifications')).statusCode).toBe(200);
    expect((await other.client.get('/api/notifications/unread-count')).statusCode).toBe(200);
  });

  it('an event that rolls back tells nobody', async () => {
    const investor = await fundedInvestor(t, admin, 1_000, 'Rollback Investor');
    const before = await countsOf(investor.user.id);
    // A balance adjustment below what is available is refused: nothing booked, nobody told.
    const refused = await admin.post(`/api/admin/users/${investor.user.id}/adjustments`, {
      bucket: 'balance',
      amount: '-50',
      reason: 'Too much',
    });
    expect(refused.json()).toMatchObject({ error: { code: 'INSUFFICIENT_BALANCE' } });
    expect(await countsOf(investor.user.id)).toEqual(before);
    expect(before).toEqual({ deposit_approved: 1 });
  });
});
