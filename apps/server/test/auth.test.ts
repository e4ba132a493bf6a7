import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import {
  createTestApp,
  expectRefused,
  registerUser,
  TestClient,
  uniqueEmail,
  VALID_PASSWORD,
  type TestApp,
} from './harness';
import { insertLinkRequest } from '../src/modules/auth/auth.repo';
import { findMailTo } from '../src/modules/mail/outbox.repo';
import { latestMailboxMail, linkIn } from './mailbox-helpers';

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  t = await createTestApp({}, { logStream });
});
afterAll(() => t.close());

/** The link in the newest e-mail of a template, as the recipient's mailbox received it. */
async function latestLink(email: string, template: string): Promise<URL> {
  return linkIn(await latestMailboxMail(t, email, template));
}

/** A visitor asks for a reset link for `email`: the secret the mailed link carries. */
async function askedResetSecret(email: string): Promise<string> {
  await new TestClient(t.app).post('/api/auth/recovery', { email });
  return (await latestLink(email, 'recovery')).searchParams.get('secret') ?? '';
}

/** A visitor follows the user's reset link with `secret` and sets `password`. */
function resetPassword(user: { id: string }, secret: string, password: string) {
  return new TestClient(t.app).put('/api/auth/recovery', { userId: user.id, secret, password });
}

/** The reset was refused: the link is used up, out of date or voided. */
function expectTokenInvalid(response: Awaited<ReturnType<typeof resetPassword>>): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ error: { code: 'TOKEN_INVALID' } });
}

/** A visitor signs in with `email` and `password` (answered 200). */
async function expectSignsIn(email: string, password: string): Promise<void> {
  const login = await new TestClient(t.app).post('/api/auth/login', { email, password });
  expect(login.statusCode).toBe(200);
}

describe('sign-up', () => {
  it('names the first failing field with the seed message and writes nothing', async () => {
    const client = new TestClient(t.app);
    const before = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
    const response = await client.post('/api/auth/register', {
      name: '',
      email: 'x@example.com',
      phone: '1',
      country: 'France',
      password: 'longenough',
    });
    expectRefused(response, 400, {
      code: 'VALIDATION_FAILED',
      message: 'Full name is required',
      params: { rule: 'FULL_NAME_REQUIRED' },
      field: 'name',
    });
    const short = await client.post('/api/auth/register', {
      name: 'A',
      email: 'x@example.com',
      phone: '+33 1 23 45 67 89',
      country: 'France',
      password: 'short',
    });
    expect(short.json()).toMatchObject({
      error: { message: 'Password must be at least 8 characters', field: 'password' },
    });
    const after = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('creates an inactive account with a referral id, signs in, and sends the welcome e-mail', async () => {
    const { client, user, input } = await registerUser(t.app, { name: 'Grace  Hopper' });
    expect(user.referralId).toMatch(/^gracehopper[0-9a-z]{5}$/);
    const me = await client.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email: input.email, isActive: false, isAdmin: false, emailVerified: false },
    });
    // The page's own question, "who is signed in?", is never a 401: a visitor is nobody.
    const session = await client.get('/api/auth/session');
    expect(session.json()).toMatchObject({ user: { id: user.id, email: input.email } });
    const visitor = await new TestClient(t.app).get('/api/auth/session');
    expect([visitor.statusCode, visitor.json()]).toEqual([200, { user: null }]);
    expect((await new TestClient(t.app).get('/api/auth/me')).statusCode).toBe(401);
    await t.ctx.mailer.idle();
    const [welcome] = await findMailTo(t.db, input.email, 'welcome');
    expect(welcome?.subject).toBe('Welcome to Nestrado');
    expect(welcome?.textBody).toContain('http://localhost:3000/login');
    expect(welcome?.status).toBe('captured');
  });

  it('refuses a second account with the same e-mail in any letter case', async () => {
    const { input } = await registerUser(t.app);
    const again = new TestClient(t.app);
    const response = await again.post('/api/auth/register', {
      ...input,
      email: input.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { field: 'email' } });
    // The real owner hears of it; nobody else is signed in or mailed a link.
    expect(again.cookies.has('sid')).toBe(false);
    await t.ctx.mailer.idle();
    const notices = await findMailTo(t.db, input.email, 'sign_up_attempt');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(await findMailTo(t.db, input.email, 'welcome')).toHaveLength(1);
  });

  it('links a referrer by referral id and refuses an unknown one', async () => {
    const referrer = await registerUser(t.app);
    const referred = await registerUser(t.app, { referrerId: referrer.user.referralId });
    const me = await referred.client.get('/api/auth/me');
    expect(me.json<{ user: { referrerId: string } }>().user.referrerId).toBe(
      referrer.user.referralId,
    );
    const client = new TestClient(t.app);
    const bad = await client.post('/api/auth/register', {
      name: 'Nobody',
      email: uniqueEmail(),
      phone: '+235 22 51 44 00',
      country: 'Chad',
      password: VALID_PASSWORD,
      referrerId: 'doesnotexist12345',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { field: 'referrerId' } });
  });
});

describe('passwords and secrets', () => {
  it('stores the password only as an argon2id hash: no column and no log line holds it', async () => {
    const password = 'Plaintext-Canary-4491';
    await registerUser(t.app, { password });
    const client = new TestClient(t.app);
    const { input } = await registerUser(t.app, { password });
    await client.post('/api/auth/login', { email: input.email, password });
    await client.post('/api/auth/login', { email: input.email, password: `${password}-wrong` });

    const [row] = (
      await t.db.execute<{ password_hash: string }>(
        sql`SELECT password_hash FROM users WHERE email = ${input.email}`,
      )
    ).rows;
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const columns = await t.db.execute<{ table_name: string; column_name: string }>(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'jsonb', 'character varying')`);
    for (const { table_name, column_name } of columns.rows) {
      const hits = await t.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} WHERE ${sql.identifier(column_name)}::text LIKE ${`%${password}%`}`,
      );
      expect(hits.rows[0]?.n, `${table_name}.${column_name}`).toBe(0);
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(password);
  });
});

describe('login', () => {
  it('answers the same for an unknown e-mail and a wrong password', async () => {
    const { input } = await registerUser(t.app);
    const client = new TestClient(t.app);
    const wrongPassword = await client.post('/api/auth/login', {
      email: input.email,
      password: 'wrong-password',
    });
    const unknownEmail = await client.post('/api/auth/login', {
      email: uniqueEmail('ghost'),
      password: 'wrong-password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('gives a new session cookie at every login (rotation) and ends the old one', async () => {
    const { client, input } = await registerUser(t.app);
    const first = client.cookies.get('sid');
    const login = await client.post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(login.statusCode).toBe(200);
    const second = client.cookies.get('sid');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const stale = new TestClient(t.app);
    stale.cookies.set('sid', first ?? '');
    expect((await stale.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const { input } = await registerUser(t.app);
    const client = new TestClient(t.app);
    const response = await client.post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    const header = [response.headers['set-cookie']]
      .flat()
      .find((c) => String(c).startsWith('sid='));
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
  });

  it('is rate limited per address and account', async () => {
    const limited = await createTestApp({
      rateLimits: {
        login: 3,
        loginAddress: 1000,
        register: 1000,
        recovery: 1000,
        twoFactor: 1000,
        apiToken: 1000,
      },
    });
    try {
      const { input } = await registerUser(limited.app);
      const client = new TestClient(limited.app, '10.0.0.7');
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (await client.post('/api/auth/login', { email: input.email, password: 'wrong-password' }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // Even the right password is refused while the limit holds.
      const right = await client.post('/api/auth/login', {
        email: input.email,
        password: input.password,
      });
      expect(right.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  it('a logged-out session cookie no longer works, for anyone who copied it', async () => {
    const { client } = await registerUser(t.app);
    const stolen = client.cookies.get('sid') ?? '';
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    const attacker = new TestClient(t.app);
    attacker.cookies.set('sid', stolen);
    expect((await attacker.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('lists own sessions and revokes one; another user cannot revoke it', async () => {
    const { client, input } = await registerUser(t.app);
    const laptop = new TestClient(t.app);
    await laptop.post('/api/auth/login', { email: input.email, password: input.password });
    const list = (await client.get('/api/auth/sessions')).json<{
      sessions: { id: string; current: boolean }[];
    }>();
    expect(list.sessions).toHaveLength(2);
    const other = list.sessions.find((s) => !s.current);
    expect(other).toBeDefined();

    const stranger = await registerUser(t.app);
    expect((await stranger.client.delete(`/api/auth/sessions/${other?.id}`)).statusCode).toBe(404);
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(200);

    expect((await client.delete(`/api/auth/sessions/${other?.id}`)).statusCode).toBe(200);
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('expires after the idle timeout and after the absolute lifetime', async () => {
    const { client } = await registerUser(t.app);
    t.clock.advance((t.config.sessionIdleMinutes - 1) * 60_000);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    t.clock.advance((t.config.sessionIdleMinutes + 1) * 60_000);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);

    const { client: active } = await registerUser(t.app);
    const steps = Math.ceil((t.config.sessionAbsoluteHours * 60) / 20) + 1;
    let lastStatus = 200;
    for (let i = 0; i < steps && lastStatus === 200; i += 1) {
      t.clock.advance(20 * 60_000);
      lastStatus = (await active.get('/api/auth/me')).statusCode;
    }
    expect(lastStatus).toBe(401);
  });
});

describe('CSRF', () => {
  it('refuses a forged cross-site POST: no token, a wrong token, or a foreign origin', async () => {
    const { client } = await registerUser(t.app);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `sid=${client.cookies.get('sid')}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toMatchObject({ error: { code: 'CSRF_REJECTED' } });

    const wrongToken = await client.post('/api/auth/logout', {}, { 'x-csrf-token': 'forged' });
    expect(wrongToken.statusCode).toBe(403);

    const foreign = await client.post('/api/auth/logout', {}, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);

    // The session survived all three.
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('password recovery', () => {
  it('a reset link works once, then never again', async () => {
    const { input, user } = await registerUser(t.app);
    const client = new TestClient(t.app);
    expect((await client.post('/api/auth/recovery', { email: input.email })).statusCode).toBe(200);
    const link = await latestLink(input.email, 'recovery');
    expect(link.pathname).toBe('/new');
    expect(link.searchParams.get('userId')).toBe(user.id);
    const secret = link.searchParams.get('secret') ?? '';
    expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(16);

    const reset = await client.put('/api/auth/recovery', {
      userId: user.id,
      secret,
      password: 'brand-new-password',
    });
    expect(reset.statusCode).toBe(200);
    const replay = await client.put('/api/auth/recovery', {
      userId: user.id,
      secret,
      password: 'another-password',
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: { code: 'TOKEN_INVALID' } });

    const oldLogin = await client.post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await client.post('/api/auth/login', {
      email: input.email,
      password: 'brand-new-password',
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('a reset link stops working after one hour', async () => {
    const { input, user } = await registerUser(t.app);
    const client = new TestClient(t.app);
    await client.post('/api/auth/recovery', { email: input.email });
    const secret = (await latestLink(input.email, 'recovery')).searchParams.get('secret') ?? '';
    t.clock.advance(60 * 60 * 1000 + 1000);
    const late = await client.put('/api/auth/recovery', {
      userId: user.id,
      secret,
      password: 'brand-new-password',
    });
    expect(late.statusCode).toBe(400);
  });

  it('a request left by a crash is answered by the next delivery run, its link timed from the request', async () => {
    const { input, user } = await registerUser(t.app);
    // Recorded 59 minutes ago by an instance that died before its mail worker ran.
    const askedAt = new Date(t.clock.now().getTime() - 59 * 60 * 1000);
    await insertLinkRequest(t.db, { kind: 'recovery', email: input.email, requestedAt: askedAt });
    const secret = (await latestLink(input.email, 'recovery')).searchParams.get('secret') ?? '';
    const left = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM link_requests WHERE email = ${input.email}`,
    );
    expect(left.rows).toEqual([{ n: 0 }]);
    const token = await t.db.execute<{ expires_at: Date }>(
      sql`SELECT expires_at FROM auth_tokens WHERE user_id = ${user.id} AND kind = 'recovery'`,
    );
    expect(token.rows.map((row) => new Date(row.expires_at).getTime())).toEqual([
      askedAt.getTime() + 60 * 60 * 1000,
    ]);
    t.clock.advance(2 * 60 * 1000);
    expectTokenInvalid(await resetPassword(user, secret, 'brand-new-password'));
  });

  it('a link request that cannot be written is logged and dropped, and holds back no other', async () => {
    const broken = await registerUser(t.app);
    const fine = await registerUser(t.app);
    await t.ctx.mailer.idle();
    // The database refuses the first account's token, as an unforeseen failure would.
    await t.db.execute(
      sql.raw(`
        CREATE FUNCTION test_refuse_token() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.user_id = '${broken.user.id}' THEN RAISE EXCEPTION 'refused by the test'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER test_refuse_token BEFORE INSERT ON auth_tokens
          FOR EACH ROW EXECUTE FUNCTION test_refuse_token();`),
    );
    try {
      for (const email of [broken.input.email, fine.input.email]) {
        await insertLinkRequest(t.db, { kind: 'recovery', email, requestedAt: t.clock.now() });
      }
      logLines.length = 0;
      const link = await latestLink(fine.input.email, 'recovery');
      expect(link.searchParams.get('userId')).toBe(fine.user.id);
      expect(await findMailTo(t.db, broken.input.email, 'recovery')).toHaveLength(0);
      const left = await t.db.execute(sql`SELECT 1 FROM link_requests`);
      expect(left.rows).toHaveLength(0);
      expect(logLines.join('')).toContain('a link request could not be written and was dropped');
    } finally {
      await t.db.execute(sql`DROP TRIGGER test_refuse_token ON auth_tokens`);
      await t.db.execute(sql`DROP FUNCTION test_refuse_token()`);
    }
  });

  it('answers the same for an unknown e-mail, sends no link, and tells the address it has no account', async () => {
    const client = new TestClient(t.app);
    const email = uniqueEmail('nobody');
    const response = await client.post('/api/auth/recovery', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    await t.ctx.mailer.idle();
    expect(await findMailTo(t.db, email, 'recovery')).toHaveLength(0);
    const [notice] = await findMailTo(t.db, email, 'recovery_no_account');
    expect(notice?.subject).toBe('Reset your Nestrado password');
    expect(notice?.textBody).toContain('there is no account with it');
    expect(notice?.textBody).not.toMatch(/secret=/);
  });

  it('signs out every session when the password is reset', async () => {
    const { client, input, user } = await registerUser(t.app);
    const secret = await askedResetSecret(input.email);
    await resetPassword(user, secret, 'brand-new-password');
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('a used reset link voids every other outstanding reset link', async () => {
    const { input, user } = await registerUser(t.app);
    const secrets: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      secrets.push(await askedResetSecret(input.email));
    }
    expect(new Set(secrets).size).toBe(3);
    const used = await resetPassword(user, secrets[1] ?? '', 'brand-new-password');
    expect(used.statusCode).toBe(200);
    for (const secret of [secrets[0] ?? '', secrets[2] ?? '']) {
      expectTokenInvalid(await resetPassword(user, secret, 'attacker-password'));
    }
    await expectSignsIn(input.email, 'brand-new-password');
  });

  it('a password change voids the reset links asked for before it', async () => {
    const { client, input, user } = await registerUser(t.app);
    const secret = await askedResetSecret(input.email);
    const changed = await client.post('/api/auth/password', {
      oldPassword: input.password,
      password: 'changed-password-1',
    });
    expect(changed.statusCode).toBe(200);
    expectTokenInvalid(await resetPassword(user, secret, 'attacker-password'));
    await expectSignsIn(input.email, 'changed-password-1');
  });

  it('a password change voids a reset link asked for before it and not yet written', async () => {
    const { client, input } = await registerUser(t.app);
    await t.ctx.mailer.idle();
    // Asked for a minute ago; the instance died before its mail worker ran.
    await insertLinkRequest(t.db, {
      kind: 'recovery',
      email: input.email.toUpperCase(),
      requestedAt: new Date(t.clock.now().getTime() - 60_000),
    });
    const changed = await client.post('/api/auth/password', {
      oldPassword: input.password,
      password: 'changed-password-1',
    });
    expect(changed.statusCode).toBe(200);
    t.ctx.mailer.kick();
    await t.ctx.mailer.idle();
    expect(await findMailTo(t.db, input.email, 'recovery')).toHaveLength(0);
    const left = await t.db.execute(
      sql`SELECT 1 FROM link_requests WHERE lower(email) = ${input.email.toLowerCase()}`,
    );
    expect(left.rows).toHaveLength(0);
  });
});

describe('change password and e-mail verification', () => {
  it('needs the current password and signs out the other sessions', async () => {
    const { client, input } = await registerUser(t.app);
    const phone = new TestClient(t.app);
    await phone.post('/api/auth/login', { email: input.email, password: input.password });
    const wrong = await client.post('/api/auth/password', {
      oldPassword: 'not-my-password',
      password: 'next-password-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { field: 'oldPassword' } });
    const ok = await client.post('/api/auth/password', {
      oldPassword: input.password,
      password: 'next-password-1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('verifies the e-mail address once through the link', async () => {
    const { client, input, user } = await registerUser(t.app);
    const link = await latestLink(input.email, 'verify_email');
    expect(link.pathname).toBe('/verify');
    const secret = link.searchParams.get('secret') ?? '';
    expect(
      (await client.put('/api/auth/verification', { userId: user.id, secret })).statusCode,
    ).toBe(200);
    expect((await client.get('/api/auth/me')).json()).toMatchObject({
      user: { emailVerified: true },
    });
    expect(
      (await client.put('/api/auth/verification', { userId: user.id, secret })).statusCode,
    ).toBe(400);
  });

  it('a used verification link voids the other outstanding ones', async () => {
    const { client, input, user } = await registerUser(t.app);
    const first = (await latestLink(input.email, 'verify_email')).searchParams.get('secret');
    expect((await client.post('/api/auth/verification')).statusCode).toBe(200);
    const second = (await latestLink(input.email, 'verify_email')).searchParams.get('secret');
    expect(second).not.toBe(first);
    const verify = (secret: string | null) =>
      client.put('/api/auth/verification', { userId: user.id, secret: secret ?? '' });
    expect((await verify(second)).statusCode).toBe(200);
    const late = await verify(first);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ error: { code: 'TOKEN_INVALID' } });
    const tokens = await t.db.execute<{ used: number; revoked: number }>(
      sql`SELECT count(used_at)::int AS used, count(revoked_at)::int AS revoked
          FROM auth_tokens WHERE user_id = ${user.id} AND kind = 'verify_email'`,
    );
    expect(tokens.rows[0]).toEqual({ used: 1, revoked: 1 });
  });
});

describe('two-factor', () => {
  it('enables TOTP, then login needs a code; recovery codes work once', async () => {
    const { client, input } = await registerUser(t.app);
    const setup = await client.post('/api/auth/2fa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    // Stored sealed (AES-256-GCM): a copy of the database does not give away the second factor.
    const stored = await t.db.execute<{ totp_secret: string }>(
      sql`SELECT totp_secret FROM users WHERE email = ${input.email}`,
    );
    expect(stored.rows[0]?.totp_secret).toMatch(/^v1\./);
    expect(stored.rows[0]?.totp_secret).not.toContain(secret);

    const wrong = await client.post('/api/auth/2fa/enable', { otp: '000000' });
    expect(wrong.statusCode).toBe(400);
    const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const enabled = await client.post('/api/auth/2fa/enable', { otp: code });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);

    const browser = new TestClient(t.app);
    const step1 = await browser.post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(step1.json()).toEqual({ status: 'otp_required' });
    expect(browser.cookies.has('sid')).toBe(false);
    const badCode = await browser.post('/api/auth/login', {
      email: input.email,
      password: input.password,
      otp: '123456',
    });
    expect(badCode.statusCode).toBe(401);
    // The enabling code's time step is spent; the next step's code works, and only once.
    t.clock.advance(30_000);
    const fresh = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const step2 = await browser.post('/api/auth/login', {
      email: input.email,
      password: input.password,
      otp: fresh,
    });
    expect(step2.json()).toMatchObject({ status: 'ok' });
    const replay = await new TestClient(t.app).post('/api/auth/login', {
      email: input.email,
      password: input.password,
      otp: fresh,
    });
    expect(replay.statusCode).toBe(401);

    const recovery = recoveryCodes[0] ?? '';
    const withRecovery = new TestClient(t.app);
    expect(
      (
        await withRecovery.post('/api/auth/login', {
          email: input.email,
          password: input.password,
          otp: recovery,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await new TestClient(t.app).post('/api/auth/login', {
          email: input.email,
          password: input.password,
          otp: recovery,
        })
      ).statusCode,
    ).toBe(401);

    // Turning it off needs the password and a current code, not the password alone.
    t.clock.advance(30_000);
    const now = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const disable = (body: Record<string, string>) => client.post('/api/auth/2fa/disable', body);
    expect((await disable({ password: 'wrong-password', otp: now })).statusCode).toBe(400);
    const noCode = await disable({ password: input.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', field: 'otp' } });
    const wrongCode = await disable({ password: input.password, otp: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ error: { code: 'OTP_INVALID', field: 'otp' } });
    // A used recovery code or a replayed code is refused too.
    expect((await disable({ password: input.password, otp: recovery })).statusCode).toBe(400);
    expect((await disable({ password: input.password, otp: fresh })).statusCode).toBe(400);
    const stillOn = await new TestClient(t.app).post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(stillOn.json()).toEqual({ status: 'otp_required' });
    expect((await disable({ password: input.password, otp: now })).statusCode).toBe(200);
    const plain = await new TestClient(t.app).post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(plain.json()).toMatchObject({ status: 'ok' });
  });
});

describe('two-factor: disabling and enabling', () => {
  async function enable(client: TestClient): Promise<{ secret: string; codes: string[] }> {
    const { secret } = (await client.post('/api/auth/2fa/setup')).json<{ secret: string }>();
    const otp = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const enabled = await client.post('/api/auth/2fa/enable', { otp });
    expect(enabled.statusCode).toBe(200);
    return { secret, codes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
  }

  it('accepts an unused recovery code instead of the app code to turn it off, and spends it', async () => {
    const { client, input, user } = await registerUser(t.app);
    const { codes } = await enable(client);
    const code = codes[3] ?? '';
    const off = await client.post('/api/auth/2fa/disable', { password: input.password, otp: code });
    expect(off.statusCode).toBe(200);
    const spent = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = ${user.id}`,
    );
    // Disabling removes the codes altogether.
    expect(spent.rows[0]?.n).toBe(0);
    const login = await new TestClient(t.app).post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(login.json()).toMatchObject({ status: 'ok' });
  });

  it("enabling it ends the user's other sessions and keeps the current one", async () => {
    const { client, input } = await registerUser(t.app);
    const laptop = new TestClient(t.app);
    const stranger = new TestClient(t.app);
    for (const other of [laptop, stranger]) {
      const login = await other.post('/api/auth/login', {
        email: input.email,
        password: input.password,
      });
      expect(login.statusCode).toBe(200);
    }
    const other = await registerUser(t.app);
    await enable(client);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(401);
    expect((await stranger.get('/api/auth/me')).statusCode).toBe(401);
    // Nobody else's sessions are touched.
    expect((await other.client.get('/api/auth/me')).statusCode).toBe(200);
    const sessions = (await client.get('/api/auth/sessions')).json<{
      sessions: { current: boolean }[];
    }>().sessions;
    expect(sessions).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('security events', () => {
  it('records failed sign-ins of a known account in its audit trail, without the password', async () => {
    const { input, user } = await registerUser(t.app);
    const client = new TestClient(t.app);
    await client.post('/api/auth/login', { email: input.email, password: 'Wrong-Password-Canary' });
    const rows = await t.db.execute<{
      action: string;
      details: { reason: string };
      actor_id: string | null;
    }>(
      sql`SELECT action, details, actor_id FROM audit_log WHERE target_id = ${user.id} AND action = 'user.login_failed'`,
    );
    expect(rows.rows).toEqual([
      {
        action: 'user.login_failed',
        details: { reason: 'wrong_password', userAgent: 'lightMyRequest' },
        actor_id: null,
      },
    ]);
    expect(logLines.join('\n')).toContain('"event":"login_failed"');
    expect(logLines.join('\n')).not.toContain('Wrong-Password-Canary');
  });

  it('records a failed sign-in for an unknown e-mail naming no account, and not the e-mail typed', async () => {
    const client = new TestClient(t.app, '198.51.100.77');
    const email = uniqueEmail('typo-canary');
    await client.post('/api/auth/login', { email, password: 'Wrong-Password-Canary' });
    const rows = await t.db.execute<{
      target_type: string | null;
      target_id: string | null;
      dump: string;
    }>(
      sql`SELECT target_type, target_id, to_jsonb(a)::text AS dump FROM audit_log a
          WHERE action = 'user.login_failed' AND ip = '198.51.100.77'`,
    );
    expect(rows.rows.map((row) => [row.target_type, row.target_id])).toEqual([[null, null]]);
    expect(rows.rows[0]?.dump).toContain('"reason": "unknown_account"');
    expect(rows.rows[0]?.dump).not.toContain('typo-canary');
    expect(rows.rows[0]?.dump).not.toContain('Wrong-Password-Canary');
  });
});
