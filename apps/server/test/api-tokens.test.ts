import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { apiTokens, auditLog, signInProviders, userIdentities, users } from '../src/db/schema';
import { digest, hashPassword } from '../src/lib/crypto';
import { API_TOKEN_OPERATIONS } from '../src/modules/api-tokens/api-tokens.access';
import { fastifyPath, fillPath, loadOperations } from './proof/openapi';
import {
  adminClient,
  createTestApp,
  useTestApp,
  expectError,
  heldWrite,
  RELAXED_RATE_LIMITS,
  registerUser,
  someoneWaitsForALock,
  TestClient,
  uniqueEmail,
  VALID_PASSWORD,
  type TestApp,
} from './harness';
import { latestMailboxMail, linksIn } from './mailbox-helpers';

/**
 * Personal API tokens (issue 20): made on /profile and shown once, stored as a digest, listed
 * with their last use, revocable; a token reads its owner's account summary, trades,
 * transactions and statements and nothing else, every request is audited and limited, and a
 * cookie session is never used on a request that carries a token.
 */

let t: TestApp;
let admin: TestClient;

useTestApp((made) => ({ t, admin } = made));

function refusedWith(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expectError(response, { code });
}

const ADMIN_PASSWORD = 'admin-password-123';

async function newToken(
  client: TestClient,
  name = 'Spreadsheet',
  expiresInDays = 30,
  password = VALID_PASSWORD,
) {
  const response = await client.post('/api/api-tokens', { name, expiresInDays, password });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ token: string; apiToken: { id: string; hint: string } }>();
}

function withToken(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, cookie = '') {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) },
    ...(method === 'POST' ? { payload: {} } : {}),
  });
}

describe('personal API tokens', () => {
  it('are shown once, stored only as a digest, and listed with their last use', async () => {
    const { client, user } = await registerUser(t.app);
    const { token, apiToken } = await newToken(client, 'Spreadsheet', 30);
    expect(token).toMatch(/^nst_[A-Za-z0-9_-]{43}$/);
    expect(apiToken.hint).toBe(token.slice(0, 8));

    const listed = await client.get('/api/api-tokens');
    expect(listed.body).not.toContain(token);
    expect(listed.json()).toEqual({
      tokens: [expect.objectContaining({ id: apiToken.id, name: 'Spreadsheet', lastUsedAt: null })],
    });
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id));
    expect(row?.tokenHash.equals(digest(token))).toBe(true);
    const stored = await t.pool.query(`SELECT row_to_json(a)::text AS text FROM api_tokens a`);
    expect(stored.rows.map((r: { text: string }) => r.text).join('\n')).not.toContain(token);

    t.clock.advance(1_000);
    expect((await withToken(token, 'GET', '/api/account/summary')).statusCode).toBe(200);
    const after = (await client.get('/api/api-tokens')).json<{
      tokens: { lastUsedAt: string | null }[];
    }>();
    expect(after.tokens[0]?.lastUsedAt).toBe(t.clock.now().toISOString());
  });

  it("read the owner's summary, trades, transactions and statements, the same as the owner sees", async () => {
    const { client } = await registerUser(t.app, { name: 'Reader Rae' });
    await registerUser(t.app, { name: 'Someone Else' });
    const { token } = await newToken(client);
    for (const url of [
      '/api/account/summary',
      '/api/trades/open',
      '/api/trades/history',
      '/api/trades/current',
      '/api/transactions',
    ]) {
      const byToken = await withToken(token, 'GET', url);
      expect(byToken.statusCode, `${url}: ${byToken.body}`).toBe(200);
      expect(byToken.json(), url).toEqual((await client.get(url)).json());
      // A token's read is no browser's: no cookies are set on it.
      expect(byToken.headers['set-cookie'], url).toBeUndefined();
    }
    const statement = await withToken(
      token,
      'GET',
      '/api/statements/account?from=2026-01-01&to=2026-01-31&format=csv',
    );
    expect([200, 400]).toContain(statement.statusCode);
    expect(statement.body).not.toContain('API_TOKEN_NOT_ALLOWED');
  });

  it('never reach anything else: admin, money movements, the profile, the tokens themselves', async () => {
    const { client } = await registerUser(t.app);
    const { token } = await newToken(client);
    const { token: adminToken } = await newToken(admin, 'Admin script', 30, ADMIN_PASSWORD);
    const refused: ['GET' | 'POST' | 'DELETE', string, string][] = [
      ['GET', '/api/auth/me', token],
      ['GET', '/api/profile/activity', token],
      ['GET', '/api/account/export', token],
      ['GET', '/api/api-tokens', token],
      ['POST', '/api/api-tokens', token],
      ['POST', '/api/withdrawals', token],
      ['POST', '/api/trades/current/close', token],
      ['POST', '/api/auth/logout', token],
      ['GET', '/api/admin/users', adminToken],
      ['GET', '/api/admin/overview', adminToken],
      ['POST', '/api/admin/users/00000000-0000-0000-0000-000000000000/activate', adminToken],
    ];
    for (const [method, url, bearer] of refused) {
      refusedWith(await withToken(bearer, method, url), 403, 'API_TOKEN_NOT_ALLOWED');
    }
  });

  it('reach exactly the allow-list among every operation of /api/openapi.json', async () => {
    const { client } = await registerUser(t.app);
    const { token } = await newToken(client);
    const { token: adminToken } = await newToken(admin, 'Admin everything', 30, ADMIN_PASSWORD);
    const operations = await loadOperations(t.app);
    const reached: string[] = [];
    for (const op of operations) {
      const path = fillPath(
        op.path,
        Object.fromEntries(
          op.parameters
            .filter((p) => p.in === 'path')
            .map((p) => [p.name, p.name === 'provider' ? 'peer' : crypto.randomUUID()]),
        ),
      );
      for (const bearer of [token, adminToken]) {
        const response = await t.app.inject({
          method: op.method,
          url: path,
          headers: { authorization: `Bearer ${bearer}` },
          ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
        });
        const refused =
          response.statusCode === 403 && response.body.includes('API_TOKEN_NOT_ALLOWED');
        if (!refused) reached.push(`${op.method} ${fastifyPath(op.path).replace(/\/$/, '')}`);
      }
    }
    expect([...new Set(reached)].sort()).toEqual([...API_TOKEN_OPERATIONS].sort());
  });

  it('never let a cookie session through the token path', async () => {
    const owner = await registerUser(t.app, { name: 'Token Owner' });
    const other = await registerUser(t.app, { name: 'Cookie Holder' });
    const { token } = await newToken(owner.client);
    const cookie = `sid=${other.client.cookies.get('sid')}`;
    // A wrong token with a good session cookie: refused, not answered as the cookie's user.
    refusedWith(
      await withToken('nst_wrong', 'GET', '/api/account/summary', cookie),
      401,
      'API_TOKEN_INVALID',
    );
    refusedWith(
      await withToken('', 'GET', '/api/account/summary', cookie),
      401,
      'API_TOKEN_INVALID',
    );
    // A good token with someone's cookie: the token's owner, never the cookie's.
    const both = await withToken(token, 'GET', '/api/trades/open', cookie);
    expect(both.json()).toEqual((await owner.client.get('/api/trades/open')).json());
    // A write with a session cookie, a valid CSRF pair and a token is refused before anything.
    const csrf = other.client.cookies.get('csrf') ?? '';
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        authorization: `Bearer ${token}`,
        cookie: `${cookie}; csrf=${csrf}`,
        'x-csrf-token': csrf,
      },
    });
    refusedWith(write, 403, 'API_TOKEN_NOT_ALLOWED');
    expect((await other.client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('audit every request made with a token as what happened: used, or refused with why', async () => {
    const { client } = await registerUser(t.app);
    const { token, apiToken } = await newToken(client);
    await withToken(token, 'GET', '/api/account/summary');
    await withToken(token, 'GET', '/api/admin/users');
    const entries = await t.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'api_token'), eq(auditLog.targetId, apiToken.id)))
      .orderBy(auditLog.id);
    expect(entries).toEqual([
      { action: 'api_token.used', details: { method: 'GET', route: '/api/account/summary' } },
      {
        action: 'api_token.refused',
        details: { method: 'GET', route: '/api/admin/users', reason: 'API_TOKEN_NOT_ALLOWED' },
      },
    ]);
    const activity = (await client.get('/api/profile/activity')).json<{
      entries: { action: string }[];
    }>();
    expect(activity.entries.map((entry) => entry.action)).toContain('user.api_token_created');
  });

  it('stop working when revoked or expired; only the owner revokes', async () => {
    const { client } = await registerUser(t.app);
    const { client: stranger } = await registerUser(t.app);
    const { token, apiToken } = await newToken(client, 'Weekly', 7);
    refusedWith(
      await stranger.delete(`/api/api-tokens/${apiToken.id}`),
      404,
      'API_TOKEN_NOT_FOUND',
    );
    expect((await withToken(token, 'GET', '/api/account/summary')).statusCode).toBe(200);
    expect((await client.delete(`/api/api-tokens/${apiToken.id}`)).statusCode).toBe(200);
    refusedWith(await withToken(token, 'GET', '/api/account/summary'), 401, 'API_TOKEN_INVALID');
    refusedWith(await client.delete(`/api/api-tokens/${apiToken.id}`), 404, 'API_TOKEN_NOT_FOUND');

    const { token: shortLived } = await newToken(client, 'Short', 1);
    expect((await withToken(shortLived, 'GET', '/api/trades/open')).statusCode).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    refusedWith(await withToken(shortLived, 'GET', '/api/trades/open'), 401, 'API_TOKEN_INVALID');
  });

  it('refuse bad input naming the field, and more than 10 live tokens', async () => {
    const { client } = await registerUser(t.app);
    const blank = await client.post('/api/api-tokens', { name: ' ', expiresInDays: 30 });
    refusedWith(blank, 400, 'VALIDATION_FAILED');
    expect(blank.json()).toMatchObject({ error: { field: 'name' } });
    const long = await client.post('/api/api-tokens', { name: 'x', expiresInDays: 366 });
    expect(long.json()).toMatchObject({ error: { field: 'expiresInDays' } });
    for (let i = 0; i < 10; i += 1) await newToken(client, `Token ${i}`);
    refusedWith(
      await client.post('/api/api-tokens', { name: 'Eleventh', expiresInDays: 30 }),
      409,
      'API_TOKEN_LIMIT_REACHED',
    );
    const listed = (await client.get('/api/api-tokens')).json<{ tokens: unknown[] }>();
    expect(listed.tokens).toHaveLength(10);
    refusedWith(await new TestClient(t.app).get('/api/api-tokens'), 401, 'UNAUTHENTICATED');
  });

  it('end when staff end every session of the account, and when it closes', async () => {
    const { client, user } = await registerUser(t.app);
    const { token } = await newToken(client);
    // Earlier tests moved the clock past the admin's session: sign in again.
    admin = await adminClient(t);
    const ended = await admin.post(`/api/admin/users/${user.id}/revoke-sessions`);
    expect(ended.statusCode, ended.body).toBe(200);
    refusedWith(await withToken(token, 'GET', '/api/account/summary'), 401, 'API_TOKEN_INVALID');
  });
});

const LINKED_PROVIDER = 'token-test-id';

/** A provider account linked to the user, as "Continue with …" links one. */
async function linkProvider(userId: string): Promise<void> {
  await t.db
    .insert(signInProviders)
    .values({
      id: LINKED_PROVIDER,
      displayName: 'Company ID',
      issuerUrl: 'https://id.example.com',
      clientId: 'nestrado',
      clientSecretSealed: 'v1.not-used',
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .onConflictDoNothing();
  await t.db.insert(userIdentities).values({
    userId,
    providerId: LINKED_PROVIDER,
    issuer: 'https://id.example.com/',
    subject: `sub-${crypto.randomUUID()}`,
    email: uniqueEmail('linked'),
    createdAt: new Date(),
    lastUsedAt: null,
  });
}

async function identitiesOf(userId: string) {
  return t.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
}

type Registered = Awaited<ReturnType<typeof registerUser>>;

/**
 * Each event that says the account's credentials changed or may be known to someone else: what
 * it takes, and the address that is then told (null: the account is gone, nobody is written to).
 */
const CREDENTIAL_EVENTS: {
  name: string;
  because: string | null;
  run: (who: Registered) => Promise<string | null>;
}[] = [
  {
    name: 'a password change',
    because: 'Your password was changed.',
    run: async ({ client, input }) => {
      const changed = await client.post('/api/auth/password', {
        oldPassword: input.password,
        password: 'another-long-password',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      return input.email;
    },
  },
  {
    name: 'a password reset through the e-mailed link',
    because: 'Your password was reset with a link sent to this address.',
    run: async ({ input, user }) => {
      await new TestClient(t.app).post('/api/auth/recovery', { email: input.email });
      const [link] = linksIn((await latestMailboxMail(t, input.email, 'recovery')).text);
      const reset = await new TestClient(t.app).put('/api/auth/recovery', {
        userId: user.id,
        secret: link?.searchParams.get('secret') ?? '',
        password: 'reset-long-password',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      return input.email;
    },
  },
  {
    name: 'a change of e-mail address',
    because: 'The e-mail address of your account was changed.',
    run: async ({ client, input, user }) => {
      const newEmail = uniqueEmail('moved');
      await client.post('/api/auth/email', { newEmail, password: input.password });
      const [link] = linksIn((await latestMailboxMail(t, newEmail, 'email_change_confirm')).text);
      const moved = await new TestClient(t.app).put('/api/auth/email', {
        userId: user.id,
        secret: link?.searchParams.get('secret') ?? '',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      return newEmail;
    },
  },
  {
    name: 'two-factor turned on',
    because: 'Two-factor authentication was turned on for your account.',
    run: async ({ client, input }) => {
      const { secret } = (await client.post('/api/auth/2fa/setup')).json<{ secret: string }>();
      const otp = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
      expect((await client.post('/api/auth/2fa/enable', { otp })).statusCode).toBe(200);
      return input.email;
    },
  },
  {
    name: 'two-factor turned off',
    because: 'Two-factor authentication was turned off for your account.',
    run: async ({ client, input, user }) => {
      const { secret } = (await client.post('/api/auth/2fa/setup')).json<{ secret: string }>();
      const otp = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
      const { recoveryCodes } = (await client.post('/api/auth/2fa/enable', { otp })).json<{
        recoveryCodes: string[];
      }>();
      // Turning it on ended what there was; make them again, then turn it off.
      await newToken(client, 'Made with two-factor on');
      await linkProvider(user.id);
      const off = await client.post('/api/auth/2fa/disable', {
        password: input.password,
        otp: recoveryCodes[0] ?? '',
      });
      expect(off.statusCode, off.body).toBe(200);
      return input.email;
    },
  },
  {
    name: 'staff ending every session',
    because: 'The platform signed your account out everywhere.',
    run: async ({ input, user }) => {
      admin = await adminClient(t);
      const ended = await admin.post(`/api/admin/users/${user.id}/revoke-sessions`);
      expect(ended.statusCode, ended.body).toBe(200);
      return input.email;
    },
  },
  {
    name: 'the account closed by its owner',
    because: null,
    run: async ({ client, input }) => {
      const closed = await client.post('/api/account/closure', { password: input.password });
      expect(closed.statusCode, closed.body).toBe(200);
      return null;
    },
  },
];

describe('tokens and provider links die with the credentials', () => {
  for (const event of CREDENTIAL_EVENTS) {
    it(`end with ${event.name}, and the owner is told what and why`, async () => {
      const who = await registerUser(t.app, { name: 'Victim Vera' });
      const { token } = await newToken(who.client, 'Made with a stolen session');
      await linkProvider(who.user.id);
      expect((await withToken(token, 'GET', '/api/account/summary')).statusCode).toBe(200);

      const told = await event.run(who);

      refusedWith(await withToken(token, 'GET', '/api/account/summary'), 401, 'API_TOKEN_INVALID');
      refusedWith(await withToken(token, 'GET', '/api/transactions'), 401, 'API_TOKEN_INVALID');
      expect(await identitiesOf(who.user.id)).toEqual([]);
      const ended = await t.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.access_revoked'), eq(auditLog.targetId, who.user.id)));
      expect(ended.length).toBeGreaterThan(0);
      expect(ended[ended.length - 1]?.details).toMatchObject({
        tokens: 1,
        providers: ['Company ID'],
      });
      if (told && event.because) {
        const mail = await latestMailboxMail(t, told, 'ways_in_ended');
        expect(mail.text).toContain(event.because);
        expect(mail.text).toContain('Your personal API token was revoked');
        expect(mail.text).toContain('Your sign-in through Company ID was unlinked.');
      }
    });
  }

  it('tell the owner in their language', async () => {
    const who = await registerUser(t.app, { name: 'Lena' });
    await who.client.put('/api/notifications/preferences', { language: 'de' });
    await newToken(who.client);
    await newToken(who.client, 'Second');
    await who.client.post('/api/auth/password', {
      oldPassword: who.input.password,
      password: 'another-long-password',
    });
    const mail = await latestMailboxMail(t, who.input.email, 'ways_in_ended');
    expect(mail.text).toContain('Ihr Passwort wurde geändert.');
    expect(mail.text).toContain('Ihre 2 persönlichen API-Tokens wurden widerrufen');
  });
});

describe('making a token', () => {
  it('asks for the password, or a sign-in less than 5 minutes old', async () => {
    const { client, user } = await registerUser(t.app);
    // Just signed in: the fresh sign-in is the proof (an account opened through a provider has
    // no password of its own).
    expect(
      (await client.post('/api/api-tokens', { name: 'Fresh', expiresInDays: 7 })).statusCode,
    ).toBe(201);
    t.clock.advance(5 * 60_000);
    const stale = await client.post('/api/api-tokens', { name: 'Stale', expiresInDays: 7 });
    refusedWith(stale, 403, 'API_TOKEN_REAUTH_REQUIRED');
    expect(stale.json()).toMatchObject({ error: { field: 'password', params: { minutes: 5 } } });
    const wrong = await client.post('/api/api-tokens', {
      name: 'Guessed',
      expiresInDays: 7,
      password: 'not-the-password',
    });
    refusedWith(wrong, 400, 'PASSWORD_INCORRECT');
    expect(wrong.json()).toMatchObject({ error: { field: 'password' } });
    const names = async () =>
      (await t.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id))).map((r) => r.name);
    expect(await names()).toEqual(['Fresh']);
    await newToken(client, 'With the password', 7);
    expect((await names()).sort()).toEqual(['Fresh', 'With the password']);
  });

  it('is refused when a password change commits while it is being made', async () => {
    const { client, user } = await registerUser(t.app);
    // The change holds the account's row from before the token's transaction until after its
    // password check: the token is decided on the committed change, and not made.
    const change = await heldWrite(t, 'UPDATE users SET password_hash = $2 WHERE id = $1', [
      user.id,
      await hashPassword('changed-elsewhere-123'),
    ]);
    const making = client.post('/api/api-tokens', {
      name: 'Racing the change',
      expiresInDays: 7,
      password: VALID_PASSWORD,
    });
    await someoneWaitsForALock(t);
    await change.commit();
    refusedWith(await making, 400, 'PASSWORD_INCORRECT');
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id))).toEqual([]);
  });

  it('is refused to a deactivated account, which keeps its tokens for reading', async () => {
    const { client, user } = await registerUser(t.app);
    const { token } = await newToken(client);
    await t.db
      .update(users)
      .set({ isActive: true, activatedAt: t.clock.now() })
      .where(eq(users.id, user.id));
    admin = await adminClient(t);
    expect((await admin.post(`/api/admin/users/${user.id}/deactivate`)).statusCode).toBe(200);
    refusedWith(
      await client.post('/api/api-tokens', {
        name: 'After deactivation',
        expiresInDays: 7,
        password: VALID_PASSWORD,
      }),
      403,
      'API_TOKEN_ACCOUNT_INACTIVE',
    );
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id))).toHaveLength(
      1,
    );
    // A deactivated account still sees its money (PRODUCT.md): its reads go on.
    expect((await withToken(token, 'GET', '/api/account/summary')).statusCode).toBe(200);
  });
});

describe('the per-token rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { ...RELAXED_RATE_LIMITS, apiToken: 3 } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('refuses the request over the limit with 429 and Retry-After', async () => {
    const { client } = await registerUser(limited.app);
    const created = await client.post('/api/api-tokens', { name: 'Busy', expiresInDays: 7 });
    const { token } = created.json<{ token: string }>();
    const call = () =>
      limited.app.inject({
        method: 'GET',
        url: '/api/account/summary',
        headers: { authorization: `Bearer ${token}` },
      });
    for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).toBe(200);
    const over = await call();
    refusedWith(over, 429, 'RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
