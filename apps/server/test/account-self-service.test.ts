import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dataExportSchema } from '@app/shared/schemas/data-export';
import { parseMessage } from '../src/modules/mail/mailbox';
import {
  adminClient,
  createTestApp,
  enableTwoFactorInDb,
  expectError,
  freshRecoveryCode,
  registerUser,
  TestClient,
  uniqueEmail,
  VALID_PASSWORD,
  type TestApp,
} from './harness';
import { linksIn } from './mailbox-helpers';
import { auditLedger } from '../src/modules/ledger/ledger.audit';
import { bankWithdrawal, fundedInvestor, methodIds, summaryOf } from './money-helpers';
import { startSmtpPeer } from './smtp-peer';

/**
 * Account self-service (issue 20): changing the sign-in address through a link mailed to the new
 * one, and closing one's own account. Mail goes over a real SMTP server on loopback; the links
 * are followed from the messages it received.
 */

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ smtpUrl: smtp.url });
  admin = await adminClient(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Every message of a template the SMTP peer received for an address, oldest first. */
async function received(to: string, template: string) {
  await t.ctx.mailer.idle();
  t.ctx.mailer.kick();
  await t.ctx.mailer.idle();
  return smtp.received
    .map((message, index) => parseMessage(String(index), message.raw))
    .filter((message) => message.to === to && message.template === template);
}

async function latest(to: string, template: string) {
  const found = await received(to, template);
  const last = found[found.length - 1];
  if (!last) throw new Error(`no ${template} e-mail to ${to}`);
  return last;
}

async function activityOf(client: TestClient): Promise<string[]> {
  const response = await client.get('/api/profile/activity?limit=50');
  return response.json<{ entries: { action: string }[] }>().entries.map((entry) => entry.action);
}

describe('changing the sign-in e-mail address', () => {
  it('changes only when the link mailed to the new address is followed; other sessions end; the old address is told', async () => {
    const { client, input, user } = await registerUser(t.app, { name: 'Mover Mia' });
    const phone = new TestClient(t.app);
    await phone.post('/api/auth/login', { email: input.email, password: input.password });
    const newEmail = uniqueEmail('moved');

    expect((await client.get('/api/auth/email')).json()).toEqual({ pending: null });
    const asked = await client.post('/api/auth/email', { newEmail, password: input.password });
    expect(asked.statusCode).toBe(200);
    // The profile can say what waits: the new address, until the link's expiry.
    const waiting = await client.get('/api/auth/email');
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({ pending: { newEmail } });
    expect((await new TestClient(t.app).get('/api/auth/email')).statusCode).toBe(401);
    // Nothing has changed yet: same address, both sessions alive, the old address still signs in.
    expect((await client.get('/api/auth/me')).json()).toMatchObject({
      user: { email: input.email },
    });
    expect((await phone.get('/api/auth/me')).statusCode).toBe(200);
    const notice = await latest(input.email, 'email_change_requested');
    expect(notice.text).toContain(newEmail);
    expect(linksIn(notice.text).map((link) => link.pathname)).toContain('/forgot');

    const mail = await latest(newEmail, 'email_change_confirm');
    const link = linksIn(mail.text)[0];
    expect(link?.pathname).toBe('/confirm-email');
    expect(link?.searchParams.get('userId')).toBe(user.id);
    const secret = link?.searchParams.get('secret') ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(22);
    // Stored hashed: the outbox keeps the redacted copy and no table holds the secret.
    const stored = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE text_body LIKE ${`%${secret}%`}`,
    );
    expect(stored.rows[0]?.n).toBe(0);

    // Followed from a browser that is not signed in (the mail app's).
    const follow = () => new TestClient(t.app).put('/api/auth/email', { userId: user.id, secret });
    expect((await follow()).statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).json()).toMatchObject({
      user: { email: newEmail, emailVerified: true },
    });
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
    expect((await client.get('/api/auth/email')).json()).toEqual({ pending: null });

    const changed = await latest(input.email, 'email_changed');
    expect(changed.text).toContain(newEmail);
    expect(changed.text).toContain(t.config.supportEmail);
    expect(linksIn(changed.text).map((l) => l.pathname)).toContain('/contact');

    // Works once.
    const replay = await follow();
    expect(replay.statusCode).toBe(400);
    expectError(replay, { code: 'TOKEN_INVALID' });

    const old = await new TestClient(t.app).post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(old.statusCode).toBe(401);
    const fresh = await new TestClient(t.app).post('/api/auth/login', {
      email: newEmail,
      password: input.password,
    });
    expect(fresh.statusCode).toBe(200);
    expect(await activityOf(client)).toEqual(
      expect.arrayContaining(['user.email_change_requested', 'user.email_changed']),
    );
  });

  it('refuses a wrong password, an invalid address, its own address and a taken one, each naming the field', async () => {
    const { client, input } = await registerUser(t.app);
    const other = await registerUser(t.app, { name: 'Owner Olga' });

    const wrong = await client.post('/api/auth/email', {
      newEmail: uniqueEmail(),
      password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(400);
    expectError(wrong, { code: 'PASSWORD_INCORRECT', field: 'password' });

    const invalid = await client.post('/api/auth/email', {
      newEmail: 'not-an-address',
      password: input.password,
    });
    expect(invalid.statusCode).toBe(400);
    expectError(invalid, {
      code: 'VALIDATION_FAILED',
      params: { rule: 'EMAIL_INVALID' },
      field: 'newEmail',
    });

    const same = await client.post('/api/auth/email', {
      newEmail: input.email.toUpperCase(),
      password: input.password,
    });
    expect(same.statusCode).toBe(400);
    expectError(same, { code: 'EMAIL_UNCHANGED', field: 'newEmail' });

    const taken = await client.post('/api/auth/email', {
      newEmail: other.input.email,
      password: input.password,
    });
    expect(taken.statusCode).toBe(409);
    expectError(taken, { code: 'EMAIL_TAKEN', field: 'newEmail' });
    // No link went out; the address's owner hears of the attempt, as at sign-up.
    expect(await received(other.input.email, 'email_change_confirm')).toHaveLength(0);
    expect(await received(other.input.email, 'email_change_attempt')).toHaveLength(1);
    const tokens = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM auth_tokens
          WHERE kind = 'change_email' AND new_email = ${other.input.email}`,
    );
    expect(tokens.rows[0]?.n).toBe(0);
  });

  it('asks for the second factor when two-factor sign-in is on', async () => {
    const { client, input, user } = await registerUser(t.app);
    await enableTwoFactorInDb(t.db, t.ctx.secretsKey, user.id);
    const newEmail = uniqueEmail('twofactor');
    const missing = await client.post('/api/auth/email', { newEmail, password: input.password });
    expect(missing.statusCode).toBe(400);
    expectError(missing, { code: 'OTP_INVALID', field: 'otp' });
    const wrong = await client.post('/api/auth/email', {
      newEmail,
      password: input.password,
      otp: '000000',
    });
    expectError(wrong, { code: 'OTP_INVALID', field: 'otp' });
    expect(await received(newEmail, 'email_change_confirm')).toHaveLength(0);
    const ok = await client.post('/api/auth/email', {
      newEmail,
      password: input.password,
      otp: await freshRecoveryCode(t, user.id),
    });
    expect(ok.statusCode).toBe(200);
    expect(await received(newEmail, 'email_change_confirm')).toHaveLength(1);
  });

  it('a newer request or a password change voids the earlier link', async () => {
    const { client, input, user } = await registerUser(t.app);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await client.post('/api/auth/email', { newEmail: first, password: input.password });
    await client.post('/api/auth/email', { newEmail: second, password: input.password });
    const secretOf = async (to: string) =>
      linksIn((await latest(to, 'email_change_confirm')).text)[0]?.searchParams.get('secret') ?? '';
    const firstSecret = await secretOf(first);
    const secondSecret = await secretOf(second);
    const stale = await new TestClient(t.app).put('/api/auth/email', {
      userId: user.id,
      secret: firstSecret,
    });
    expectError(stale, { code: 'TOKEN_INVALID' });

    await client.post('/api/auth/password', {
      oldPassword: input.password,
      password: 'another-password-1',
    });
    const afterChange = await new TestClient(t.app).put('/api/auth/email', {
      userId: user.id,
      secret: secondSecret,
    });
    expectError(afterChange, { code: 'TOKEN_INVALID' });
    expect((await client.get('/api/auth/me')).json()).toMatchObject({
      user: { email: input.email },
    });
  });
});

describe('closing my own account', () => {
  it('is refused while money is left, pending or at work, then closes once it has left', async () => {
    const investor = await fundedInvestor(t, admin, 12_345, 'Closing Carla');
    const { client, input, user } = investor;

    const closure = async () =>
      (await client.get('/api/account/closure')).json<{
        blockers: string[];
        availableCents: number;
      }>();
    expect(await closure()).toMatchObject({ blockers: ['money_left'], availableCents: 12_345 });
    const withMoney = await client.post('/api/account/closure', { password: input.password });
    expect(withMoney.statusCode).toBe(409);
    expectError(withMoney, {
      code: 'ACCOUNT_CLOSE_MONEY_LEFT',
      params: { availableCents: 12_345 },
      message: '$123.45 is still in your account. Withdraw it before closing your account.',
    });

    // A pending deposit is money on its way in.
    const { crypto } = await methodIds(t);
    const deposit = await client.post('/api/deposits', { methodId: crypto, amount: '10' });
    expect(deposit.statusCode).toBe(201);
    expect((await closure()).blockers).toEqual(['deposit_pending', 'money_left']);
    const depositId = deposit.json<{ transaction: { id: string } }>().transaction.id;
    await admin.post(`/api/admin/deposits/${depositId}/reject`, { reason: 'Nothing arrived' });

    // Everything withdrawn: while the withdrawal waits, still refused; once paid, it closes.
    const withdrawal = await client.post('/api/withdrawals', bankWithdrawal('123.45'));
    expect(withdrawal.statusCode).toBe(201);
    expect((await closure()).blockers).toEqual(['withdrawal_pending']);
    const pending = await client.post('/api/account/closure', { password: input.password });
    expectError(pending, { code: 'ACCOUNT_CLOSE_WITHDRAWAL_PENDING' });
    const withdrawalId = withdrawal.json<{ transaction: { id: string } }>().transaction.id;
    expect((await admin.post(`/api/admin/withdrawals/${withdrawalId}/pay`)).statusCode).toBe(200);
    expect((await summaryOf(client)).availableCents).toBe(0);
    expect((await closure()).blockers).toEqual([]);

    const wrong = await client.post('/api/account/closure', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expectError(wrong, { code: 'PASSWORD_INCORRECT', field: 'password' });

    const other = new TestClient(t.app);
    await other.post('/api/auth/login', { email: input.email, password: input.password });
    const closed = await client.post('/api/account/closure', { password: input.password });
    expect(closed.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    const login = await new TestClient(t.app).post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(login.statusCode).toBe(401);

    // Anonymised as the admin's delete does; the books stay.
    const row = await t.db.execute<{ name: string; email: string; phone: string }>(
      sql`SELECT name, email, phone FROM users WHERE id = ${user.id}`,
    );
    expect(row.rows[0]).toEqual({
      name: 'Deleted user',
      email: `deleted+${user.id}@invalid.local`,
      phone: '-',
    });
    const books = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM transactions WHERE user_id = ${user.id}`,
    );
    expect(books.rows[0]?.n).toBe(3);
    expect(await auditLedger(t.db)).toEqual([]);
    const audit = await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE target_id = ${user.id} AND action = 'user.closed'`,
    );
    expect(audit.rows).toHaveLength(1);
    const confirmation = await latest(input.email, 'account_closed');
    expect(confirmation.text).toContain('10 years');
  });

  it('refuses admins and lead traders, who close through support', async () => {
    const closure = await admin.get('/api/account/closure');
    expect(closure.json<{ blockers: string[] }>().blockers).toContain('staff');
    const refused = await admin.post('/api/account/closure', { password: t.admin.password });
    expect(refused.statusCode).toBe(409);
    expectError(refused, { code: 'ACCOUNT_CLOSE_STAFF' });
  });

  it('an empty new account closes at once', async () => {
    const { client, input } = await registerUser(t.app);
    expect((await client.get('/api/account/closure')).json()).toMatchObject({
      blockers: [],
      ledgerRetentionYears: 10,
    });
    const closed = await client.post('/api/account/closure', { password: input.password });
    expect(closed.statusCode).toBe(200);
    // The address is free again for a new sign-up.
    const again = await registerUser(t.app, { email: input.email, password: VALID_PASSWORD });
    expect(again.user.email).toBe(input.email);
  });
});

describe('downloading my data', () => {
  it('holds everything about me and nothing about anyone else, audited and rate-limited', async () => {
    const me = await fundedInvestor(t, admin, 25_000, 'Export Erin');
    const other = await fundedInvestor(t, admin, 31_400, 'Other Otto');
    await me.client.post('/api/contact', {
      name: 'Export Erin',
      email: me.input.email,
      message: 'Where is my statement?',
    });
    await other.client.post('/api/contact', {
      name: 'Other Otto',
      email: other.input.email,
      message: 'A question from Otto',
    });

    const response = await me.client.get('/api/account/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json<{
      format: string;
      profile: { id: string; email: string; name: string };
      sessions: { id: string }[];
      activity: { action: string }[];
      transactions: { amountCents: number; kind: string }[];
      notifications: { type: string }[];
      supportMessages: { message: string }[];
      openTrades: unknown[];
      closedTrades: unknown[];
      verification: unknown;
    }>();
    expect(data.format).toBe('personal-data-export/1');
    expect(data.profile).toMatchObject({ id: me.user.id, email: me.input.email });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.activity.map((entry) => entry.action)).toContain('user.registered');
    expect(data.transactions).toEqual([expect.objectContaining({ amountCents: 25_000 })]);
    expect(data.notifications.map((n) => n.type)).toContain('deposit_approved');
    expect(data.supportMessages).toEqual([
      expect.objectContaining({ message: 'Where is my statement?' }),
    ]);
    expect(data.openTrades).toEqual([]);
    // The identity verification as Erin's own /verification shows it.
    expect(data.verification).toEqual((await me.client.get('/api/verification')).json());
    // Nothing of Otto's, and no secret.
    for (const marker of [other.user.id, other.input.email, 'Other Otto', 'A question from Otto'])
      expect(response.body).not.toContain(marker);
    expect(response.body).not.toMatch(/password|token_?hash|totp/i);
    expect(response.body).not.toContain('31400');

    const audit = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log
          WHERE target_id = ${me.user.id} AND action = 'user.data_exported'`,
    );
    expect(audit.rows[0]?.n).toBe(1);

    // Five an hour per account; the sixth waits, and another account is not held up by it.
    for (let i = 2; i <= 5; i += 1)
      expect((await me.client.get('/api/account/export')).statusCode).toBe(200);
    const sixth = await me.client.get('/api/account/export');
    expect(sixth.statusCode).toBe(429);
    expectError(sixth, { code: 'RATE_LIMITED' });
    expect((await other.client.get('/api/account/export')).statusCode).toBe(200);
    expect((await new TestClient(t.app).get('/api/account/export')).statusCode).toBe(401);
  });
});

describe('downloading a long history', () => {
  it('streams every row, a page at a time, in the same document format', async () => {
    const { client, user } = await registerUser(t.app);
    // 250 pending deposits: more than two pages of the export's reads.
    await t.pool.query(
      `INSERT INTO transactions (transaction_id, user_id, kind, type, status, amount_cents,
                                 description, crypto, channel, created_at, updated_at)
       SELECT 'TNX-' || upper(substr(md5($1 || i), 1, 6)), $1::uuid, 'deposit', 'credit',
              'pending', 1000 + i, 'Deposit via Bitcoin', 'BTC', 'crypto',
              now() - make_interval(secs => i), now() - make_interval(secs => i)
       FROM generate_series(1, 250) AS i`,
      [user.id],
    );
    const response = await client.get('/api/account/export');
    expect(response.statusCode).toBe(200);
    // Written as it is read: no length known before the last row is out.
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const data = dataExportSchema.strict().parse(response.json());
    const listed: string[] = [];
    let cursor = '';
    do {
      const page = (await client.get(`/api/transactions?limit=100${cursor}`)).json<{
        items: { transactionId: string }[];
        nextCursor: string | null;
      }>();
      listed.push(...page.items.map((item) => item.transactionId));
      cursor = page.nextCursor ? `&cursor=${page.nextCursor}` : '';
    } while (cursor);
    expect(listed).toHaveLength(250);
    expect(data.transactions.map((item) => item.transactionId)).toEqual(listed);
    expect(data.transactions.map((item) => item.amountCents).slice(0, 3)).toEqual([
      1001, 1002, 1003,
    ]);
  });
});

describe('signing in with a link by e-mail', () => {
  const linkOf = async (to: string) => {
    const link = linksIn((await latest(to, 'magic_link')).text)[0];
    if (!link) throw new Error('no link');
    return {
      path: link.pathname,
      userId: link.searchParams.get('userId') ?? '',
      secret: link.searchParams.get('secret') ?? '',
    };
  };

  it('answers the same whether or not the address has an account', async () => {
    const { input } = await registerUser(t.app);
    const unknown = uniqueEmail('nobody');
    const known = await new TestClient(t.app).post('/api/auth/magic-link', { email: input.email });
    const stranger = await new TestClient(t.app).post('/api/auth/magic-link', { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.body).toBe(known.body);
    expect(await received(input.email, 'magic_link')).toHaveLength(1);
    expect(await received(unknown, 'magic_link')).toHaveLength(0);
    expect(await received(unknown, 'magic_link_no_account')).toHaveLength(1);
  });

  it('signs in once with the link, which also verifies the address, and not after 15 minutes', async () => {
    const { input, user } = await registerUser(t.app);
    await new TestClient(t.app).post('/api/auth/magic-link', { email: input.email });
    const link = await linkOf(input.email);
    expect(link.path).toBe('/magic');
    expect(link.userId).toBe(user.id);
    const browser = new TestClient(t.app);
    const signedIn = await browser.put('/api/auth/magic-link', {
      userId: link.userId,
      secret: link.secret,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ status: 'ok', user: { id: user.id } });
    expect((await browser.get('/api/auth/me')).json()).toMatchObject({
      user: { emailVerified: true },
    });
    const replay = await new TestClient(t.app).put('/api/auth/magic-link', {
      userId: link.userId,
      secret: link.secret,
    });
    expect(replay.statusCode).toBe(400);
    expectError(replay, { code: 'TOKEN_INVALID' });

    await new TestClient(t.app).post('/api/auth/magic-link', { email: input.email });
    const late = await linkOf(input.email);
    t.clock.advance(15 * 60_000 + 1_000);
    const expired = await new TestClient(t.app).put('/api/auth/magic-link', {
      userId: late.userId,
      secret: late.secret,
    });
    expectError(expired, { code: 'TOKEN_INVALID' });
  });

  it('still asks for the second factor when two-factor sign-in is on', async () => {
    const { input, user } = await registerUser(t.app);
    await enableTwoFactorInDb(t.db, t.ctx.secretsKey, user.id);
    await new TestClient(t.app).post('/api/auth/magic-link', { email: input.email });
    const { userId, secret } = await linkOf(input.email);
    const browser = new TestClient(t.app);
    const first = await browser.put('/api/auth/magic-link', { userId, secret });
    expect(first.json()).toEqual({ status: 'otp_required' });
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
    const wrong = await browser.put('/api/auth/magic-link', { userId, secret, otp: '000000' });
    expect(wrong.statusCode).toBe(401);
    expectError(wrong, { code: 'SIGN_IN_OTP_INVALID', field: 'otp' });
    const ok = await browser.put('/api/auth/magic-link', {
      userId,
      secret,
      otp: await freshRecoveryCode(t, user.id),
    });
    expect(ok.json()).toMatchObject({ status: 'ok' });
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200);
  });
});
