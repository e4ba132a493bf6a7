import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signInProviders, userIdentities, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/crypto';
import { seal, unseal } from '../src/lib/secret-box';
import {
  adminClient,
  approvedBySecondAdmin,
  createTestApp,
  enableTwoFactorInDb,
  expectError,
  freshRecoveryCode,
  heldWrite,
  registerUser,
  someoneWaitsForALock,
  TestClient,
  uniqueEmail,
  VALID_PASSWORD,
  type TestApp,
} from './harness';
import { latestMailboxMail } from './mailbox-helpers';
import { startOidcPeer, type OidcPeer, type PeerAccount } from './oidc-peer';

/**
 * "Continue with …" (issue 20) against a real OpenID Connect provider on loopback (the
 * `oidc-provider` package): the authorization code flow with PKCE, state and nonce, first-time
 * account creation, linking an existing account with its password (and second factor), and the
 * refusals — a wrong state, a wrong nonce, an e-mail the provider has not verified.
 */

const PUBLIC_URL = 'http://localhost:3000';
const PROVIDER = 'peer';
let t: TestApp;
let peer: OidcPeer;
let admin: TestClient;
/** Every line the server logged (at trace level). */
const logLines: string[] = [];

beforeAll(async () => {
  peer = await startOidcPeer([`${PUBLIC_URL}/api/auth/oidc/${PROVIDER}/callback`]);
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  t = await createTestApp({}, { logStream });
  admin = await adminClient(t);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

function refusedWith(
  response: Awaited<ReturnType<TestClient['get']>>,
  status: number,
  code: string,
): void {
  expect(response.statusCode, response.body).toBe(status);
  expectError(response, { code });
}

function account(overrides: Partial<PeerAccount> = {}): PeerAccount {
  return {
    sub: `sub-${crypto.randomBytes(6).toString('hex')}`,
    email: uniqueEmail('oidc'),
    email_verified: true,
    name: 'Grace Hopper',
    ...overrides,
  };
}

/**
 * Adds the provider (or sets it again as it is): a new one waits for a second admin, who approves
 * it. Answers the providers as stored.
 */
async function configureProvider() {
  const asked = await admin.put(`/api/admin/sign-in-providers/${PROVIDER}`, {
    displayName: 'Peer ID',
    issuerUrl: peer.issuer,
    clientId: peer.clientId,
    clientSecret: peer.clientSecret,
  });
  // The waiting approval never shows the secret, sealed or not.
  expect(asked.body).not.toContain(peer.clientSecret);
  expect(asked.body).not.toContain('clientSecretSealed');
  const approved = await approvedBySecondAdmin(t, asked);
  expect(approved.statusCode, approved.body).toBe(200);
  return admin.get('/api/admin/sign-in-providers');
}

/**
 * The browser's round trip: our start (a redirect to the provider), the provider's pages, and
 * back to our callback. `tamper` may change the callback URL or the browser's cookies first.
 */
async function signInAtProvider(
  client: TestClient,
  who: PeerAccount,
  tamper: (callback: URL, client: TestClient) => void = () => {},
  at: OidcPeer = peer,
) {
  const start = await client.get(`/api/auth/oidc/${PROVIDER}/start`);
  expect(start.statusCode).toBe(303);
  const location = String(start.headers.location);
  expect(location.startsWith(at.issuer)).toBe(true);
  const authorization = new URL(location);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('state')).toBeTruthy();
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  at.signInAs(who);
  const callback = await at.authorize(location, PUBLIC_URL);
  tamper(callback, client);
  return client.get(callback.pathname + callback.search);
}

describe('sign-in providers', () => {
  it('shows no buttons until staff configure a provider; staff never read the client secret back', async () => {
    expect((await new TestClient(t.app).get('/api/auth/oidc/providers')).json()).toEqual({
      providers: [],
    });
    const { client: investor } = await registerUser(t.app);
    expect(
      (
        await investor.put(`/api/admin/sign-in-providers/${PROVIDER}`, {
          displayName: 'X',
          issuerUrl: peer.issuer,
          clientId: 'x',
          clientSecret: 'y',
        })
      ).statusCode,
    ).toBe(403);
    // A new provider needs its secret.
    refusedWith(
      await admin.put(`/api/admin/sign-in-providers/${PROVIDER}`, {
        displayName: 'Peer ID',
        issuerUrl: peer.issuer,
        clientId: peer.clientId,
      }),
      400,
      'VALIDATION_FAILED',
    );
    // An issuer must be https (http only on this machine).
    refusedWith(
      await admin.put(`/api/admin/sign-in-providers/${PROVIDER}`, {
        displayName: 'Peer ID',
        issuerUrl: 'http://id.example.com',
        clientId: peer.clientId,
        clientSecret: peer.clientSecret,
      }),
      400,
      'VALIDATION_FAILED',
    );

    // A new provider decides who signs in as whom: it waits for a second admin.
    const waiting = await admin.put(`/api/admin/sign-in-providers/${PROVIDER}`, {
      displayName: 'Peer ID',
      issuerUrl: peer.issuer,
      clientId: peer.clientId,
      clientSecret: peer.clientSecret,
    });
    expect(waiting.statusCode, waiting.body).toBe(202);
    expect((await new TestClient(t.app).get('/api/auth/oidc/providers')).json()).toEqual({
      providers: [],
    });
    expect((await approvedBySecondAdmin(t, waiting)).statusCode).toBe(200);
    const saved = await configureProvider();
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(peer.clientSecret);
    expect(saved.json()).toMatchObject({ providers: [{ id: PROVIDER, clientSecretSet: true }] });
    const listed = await admin.get('/api/admin/sign-in-providers');
    expect(listed.body).not.toContain(peer.clientSecret);
    const [row] = await t.db.select().from(signInProviders).where(eq(signInProviders.id, PROVIDER));
    expect(row?.clientSecretSealed).not.toContain(peer.clientSecret);
    expect(unseal(t.ctx.secretsKey, row?.clientSecretSealed ?? '')).toBe(peer.clientSecret);

    // Changed without a secret: the stored one stays.
    const renamed = await admin.put(`/api/admin/sign-in-providers/${PROVIDER}`, {
      displayName: 'Peer Identity',
      issuerUrl: peer.issuer,
      clientId: peer.clientId,
    });
    expect(renamed.statusCode).toBe(200);
    const [after] = await t.db
      .select()
      .from(signInProviders)
      .where(eq(signInProviders.id, PROVIDER));
    expect(unseal(t.ctx.secretsKey, after?.clientSecretSealed ?? '')).toBe(peer.clientSecret);
    expect((await new TestClient(t.app).get('/api/auth/oidc/providers')).json()).toEqual({
      providers: [{ id: PROVIDER, displayName: 'Peer Identity' }],
    });
    // An unknown provider's button leads back to the sign-in page with a code.
    const unknown = await new TestClient(t.app).get('/api/auth/oidc/nobody/start');
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe('/login?signInError=OIDC_PROVIDER_NOT_FOUND');
  });

  it('creates an account the first time, with the sign-up fields the provider does not give, and signs straight in after', async () => {
    const who = account({ name: 'Grace Hopper' });
    const browser = new TestClient(t.app);
    const back = await signInAtProvider(browser, who);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/sign-in/continue');
    expect(browser.cookies.has('sid')).toBe(false);
    expect((await browser.get('/api/auth/oidc/pending')).json()).toEqual({
      pending: {
        step: 'register',
        provider: { id: PROVIDER, displayName: 'Peer Identity' },
        email: who.email,
        name: 'Grace Hopper',
        otpRequired: false,
      },
    });
    // The register step's rules are sign-up's.
    refusedWith(
      await browser.post('/api/auth/oidc/register', { name: 'Grace Hopper', country: 'France' }),
      400,
      'VALIDATION_FAILED',
    );
    const created = await browser.post('/api/auth/oidc/register', {
      name: 'Grace Hopper',
      phone: '+44 20 7946 0001',
      country: 'United Kingdom',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ user: { email: who.email, name: 'Grace Hopper' } });
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, who.email));
    expect(user?.emailVerifiedAt).not.toBeNull();
    // The pending step is spent.
    refusedWith(
      await browser.post('/api/auth/oidc/register', {
        name: 'Grace Hopper',
        phone: '+44 20 7946 0001',
        country: 'United Kingdom',
      }),
      400,
      'OIDC_NO_PENDING_SIGN_IN',
    );

    // Next time: straight in.
    const later = new TestClient(t.app);
    const again = await signInAtProvider(later, who);
    expect(again.headers.location).toBe('/dashboard');
    expect((await later.get('/api/auth/me')).json()).toMatchObject({ user: { email: who.email } });
    const identities = (await later.get('/api/auth/identities')).json<{
      identities: { providerId: string; email: string; lastUsedAt: string | null }[];
    }>().identities;
    expect(identities).toEqual([
      expect.objectContaining({
        providerId: PROVIDER,
        email: who.email,
        displayName: 'Peer Identity',
      }),
    ]);
  });

  it('links an existing account only after its password is given; listed and removable on the profile', async () => {
    const { input, user } = await registerUser(t.app, { name: 'Existing Eve' });
    const who = account({ email: input.email.toUpperCase() });
    const browser = new TestClient(t.app);
    const back = await signInAtProvider(browser, who);
    expect(back.headers.location).toBe('/sign-in/continue');
    expect((await browser.get('/api/auth/oidc/pending')).json()).toMatchObject({
      pending: { step: 'link', email: input.email, otpRequired: false },
    });
    expect(browser.cookies.has('sid')).toBe(false);
    // Not linked, nobody signed in, with a wrong password.
    refusedWith(
      await browser.post('/api/auth/oidc/link', { password: 'not-the-password' }),
      400,
      'PASSWORD_INCORRECT',
    );
    expect(
      await t.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id)),
    ).toEqual([]);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);

    const linked = await browser.post('/api/auth/oidc/link', { password: input.password });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ user: { id: user.id } });
    const listed = (await browser.get('/api/auth/identities')).json<{
      identities: { id: string; providerId: string }[];
    }>().identities;
    expect(listed).toHaveLength(1);
    expect(listed[0]?.providerId).toBe(PROVIDER);

    // Straight in next time.
    const phone = new TestClient(t.app);
    expect((await signInAtProvider(phone, who)).headers.location).toBe('/dashboard');
    expect((await phone.get('/api/auth/me')).json()).toMatchObject({ user: { id: user.id } });

    // Someone else cannot remove it; the owner can, and the provider asks for the password again.
    const { client: stranger } = await registerUser(t.app);
    refusedWith(
      await stranger.delete(`/api/auth/identities/${listed[0]?.id}`),
      404,
      'IDENTITY_NOT_FOUND',
    );
    expect((await browser.delete(`/api/auth/identities/${listed[0]?.id}`)).statusCode).toBe(200);
    expect((await browser.get('/api/auth/identities')).json()).toEqual({ identities: [] });
    expect((await signInAtProvider(new TestClient(t.app), who)).headers.location).toBe(
      '/sign-in/continue',
    );
    const activity = (await browser.get('/api/profile/activity?limit=50'))
      .json<{
        entries: { action: string }[];
      }>()
      .entries.map((entry) => entry.action);
    expect(activity).toEqual(
      expect.arrayContaining(['user.provider_linked', 'user.provider_unlinked']),
    );
  });

  it('does not link when the password changes while the link is being made', async () => {
    const { input, user } = await registerUser(t.app, { name: 'Racing Rita' });
    const browser = new TestClient(t.app);
    await signInAtProvider(browser, account({ email: input.email }));
    const change = await heldWrite(t, 'UPDATE users SET password_hash = $2 WHERE id = $1', [
      user.id,
      await hashPassword('changed-elsewhere-123'),
    ]);
    const linking = browser.post('/api/auth/oidc/link', { password: input.password });
    await someoneWaitsForALock(t);
    await change.commit();
    refusedWith(await linking, 400, 'PASSWORD_INCORRECT');
    expect(
      await t.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id)),
    ).toEqual([]);
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('asks for the second factor of an account with two-factor on, when linking and at every sign-in', async () => {
    const { input, user } = await registerUser(t.app, { name: 'Careful Carl' });
    await enableTwoFactorInDb(t.db, t.ctx.secretsKey, user.id);
    const who = account({ email: input.email });
    const browser = new TestClient(t.app);
    await signInAtProvider(browser, who);
    expect((await browser.get('/api/auth/oidc/pending')).json()).toMatchObject({
      pending: { step: 'link', otpRequired: true },
    });
    refusedWith(
      await browser.post('/api/auth/oidc/link', { password: input.password }),
      401,
      'SIGN_IN_OTP_INVALID',
    );
    refusedWith(
      await browser.post('/api/auth/oidc/link', { password: input.password, otp: 'wrong-code' }),
      401,
      'SIGN_IN_OTP_INVALID',
    );
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
    const linked = await browser.post('/api/auth/oidc/link', {
      password: input.password,
      otp: await freshRecoveryCode(t, user.id),
    });
    expect(linked.statusCode).toBe(200);

    // A later provider sign-in stops at the second factor.
    const later = new TestClient(t.app);
    expect((await signInAtProvider(later, who)).headers.location).toBe('/sign-in/continue');
    expect((await later.get('/api/auth/oidc/pending')).json()).toMatchObject({
      pending: { step: 'otp', otpRequired: true },
    });
    expect((await later.get('/api/auth/me')).statusCode).toBe(401);
    refusedWith(
      await later.post('/api/auth/oidc/otp', { otp: 'nope' }),
      401,
      'SIGN_IN_OTP_INVALID',
    );
    const done = await later.post('/api/auth/oidc/otp', {
      otp: await freshRecoveryCode(t, user.id),
    });
    expect(done.statusCode).toBe(200);
    expect((await later.get('/api/auth/me')).json()).toMatchObject({ user: { id: user.id } });
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const browser = new TestClient(t.app);
    const back = await signInAtProvider(browser, account(), (callback) => {
      callback.searchParams.set('state', 'forged-state');
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/login?signInError=OIDC_STATE_MISMATCH');
    expect(browser.cookies.has('sid')).toBe(false);
    expect(browser.cookies.has('oidc_pending')).toBe(false);

    // The code and state delivered to a browser that never started this sign-in (no flow
    // cookie) are refused the same way.
    let stolen: URL | undefined;
    await signInAtProvider(new TestClient(t.app), account(), (callback) => {
      stolen = new URL(callback);
      callback.searchParams.set('state', 'spent');
    });
    const other = new TestClient(t.app);
    const replay = await other.get(`${stolen?.pathname}${stolen?.search}`);
    expect(replay.headers.location).toBe('/login?signInError=OIDC_STATE_MISMATCH');
    expect(other.cookies.has('sid')).toBe(false);
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const browser = new TestClient(t.app);
    const back = await signInAtProvider(browser, account(), (_callback, client) => {
      const sealed = client.cookies.get('oidc_flow') ?? '';
      const flow = JSON.parse(unseal(t.ctx.secretsKey, sealed) ?? '{}') as { nonce: string };
      flow.nonce = 'another-nonce';
      client.cookies.set('oidc_flow', seal(t.ctx.secretsKey, JSON.stringify(flow)));
    });
    expect(back.headers.location).toBe('/login?signInError=OIDC_NONCE_MISMATCH');
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('refuses a provider account whose e-mail the provider has not verified', async () => {
    const { input } = await registerUser(t.app);
    for (const who of [
      account({ email_verified: false }),
      account({ email: input.email, email_verified: false }),
    ]) {
      const browser = new TestClient(t.app);
      const back = await signInAtProvider(browser, who);
      expect(back.headers.location).toBe('/login?signInError=OIDC_EMAIL_NOT_VERIFIED');
      expect(browser.cookies.has('oidc_pending')).toBe(false);
      expect((await browser.get('/api/auth/oidc/pending')).json()).toEqual({ pending: null });
    }
    expect(
      await t.db.select().from(userIdentities).where(eq(userIdentities.email, input.email)),
    ).toEqual([]);
  });

  it('answers the steps with a code when no provider sign-in is under way', async () => {
    const browser = new TestClient(t.app);
    refusedWith(
      await browser.post('/api/auth/oidc/link', { password: VALID_PASSWORD }),
      400,
      'OIDC_NO_PENDING_SIGN_IN',
    );
    refusedWith(
      await browser.post('/api/auth/oidc/otp', { otp: '123456' }),
      400,
      'OIDC_NO_PENDING_SIGN_IN',
    );
    // A forged pending cookie (not sealed with our key) is no sign-in either.
    browser.cookies.set('oidc_pending', 'v1.forged');
    refusedWith(
      await browser.post('/api/auth/oidc/register', {
        name: 'X',
        phone: '+44 20 7946 0001',
        country: 'France',
      }),
      400,
      'OIDC_NO_PENDING_SIGN_IN',
    );
  });

  it('a provider re-pointed at another issuer signs nobody in; its links are dropped and their owners told', async () => {
    const other = await startOidcPeer([`${PUBLIC_URL}/api/auth/oidc/${PROVIDER}/callback`]);
    try {
      const victim = account({ name: 'Victim Vic' });
      const browser = new TestClient(t.app);
      await signInAtProvider(browser, victim);
      const opened = await browser.post('/api/auth/oidc/register', {
        name: 'Victim Vic',
        phone: '+44 20 7946 0003',
        country: 'United Kingdom',
      });
      expect(opened.statusCode, opened.body).toBe(201);
      const victimId = opened.json<{ user: { id: string } }>().user.id;
      const linksOf = () =>
        t.db.select().from(userIdentities).where(eq(userIdentities.userId, victimId));
      expect(await linksOf()).toEqual([
        expect.objectContaining({ subject: victim.sub, issuer: `${peer.issuer}/` }),
      ]);

      // Renaming it keeps the links.
      expect(
        (
          await admin.put(`/api/admin/sign-in-providers/${PROVIDER}`, {
            displayName: 'Peer Identity',
            issuerUrl: peer.issuer,
            clientId: peer.clientId,
          })
        ).statusCode,
      ).toBe(200);
      expect(await linksOf()).toHaveLength(1);

      // Another issuer decides who signs in as whom: it waits for a second admin, and the links
      // stay until then; approved, the links made through the provider as it was end with it.
      const asked = await admin.put(`/api/admin/sign-in-providers/${PROVIDER}`, {
        displayName: 'Peer Identity',
        issuerUrl: other.issuer,
        clientId: other.clientId,
      });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(await linksOf()).toHaveLength(1);
      const own = await admin.post(
        `/api/admin/approvals/${asked.json<{ approval: { id: string } }>().approval.id}/approve`,
      );
      expect(own.statusCode).toBe(403);
      const repointed = await approvedBySecondAdmin(t, asked);
      expect(repointed.statusCode, repointed.body).toBe(200);
      expect(await linksOf()).toEqual([]);
      const told = await latestMailboxMail(t, victim.email, 'ways_in_ended');
      expect(told.text).toContain(
        'The platform changed the configuration of the sign-in provider Peer Identity.',
      );
      expect(told.text).toContain('Your sign-in through Peer Identity was unlinked.');

      // The new issuer asserts the victim's subject: nobody is signed in, as whoever it names.
      for (const email of [uniqueEmail('attacker'), victim.email]) {
        const attacker = new TestClient(t.app);
        const back = await signInAtProvider(
          attacker,
          account({ sub: victim.sub, email }),
          () => {},
          other,
        );
        expect(back.headers.location).toBe('/sign-in/continue');
        expect(attacker.cookies.has('sid')).toBe(false);
        expect((await attacker.get('/api/auth/me')).statusCode).toBe(401);
      }

      // A link of the former issuer that outlived the change (a sign-in under way while staff
      // changed the provider) still does not match the new issuer's subject.
      await t.db.insert(userIdentities).values({
        userId: victimId,
        providerId: PROVIDER,
        issuer: `${peer.issuer}/`,
        subject: victim.sub,
        email: victim.email,
        createdAt: new Date(),
        lastUsedAt: null,
      });
      const attacker = new TestClient(t.app);
      const back = await signInAtProvider(attacker, account({ sub: victim.sub }), () => {}, other);
      expect(back.headers.location).toBe('/sign-in/continue');
      expect(attacker.cookies.has('sid')).toBe(false);
    } finally {
      await configureProvider();
      await other.close();
    }
  });

  it('sends every malformed callback back to the sign-in page with a code', async () => {
    let callback: URL | undefined;
    await signInAtProvider(new TestClient(t.app), account(), (url) => {
      callback = new URL(url);
      url.searchParams.set('state', 'spent');
    });
    const code = callback?.searchParams.get('code') ?? '';
    const state = callback?.searchParams.get('state') ?? '';
    const path = `/api/auth/oidc/${PROVIDER}/callback`;
    const malformed = [
      `${path}?code=${code}&code=other&state=${state}`,
      `${path}?code=${code}&state=${state}&state=${state}`,
      `${path}?code=${code}&state=${state}&iss=${'x'.repeat(4001)}`,
      `/api/auth/oidc/${'x'.repeat(40)}/callback?code=${code}&state=${state}`,
    ];
    for (const url of malformed) {
      const browser = new TestClient(t.app);
      const back = await browser.get(url);
      expect(back.statusCode, `${url.slice(0, 80)}: ${back.body}`).toBe(303);
      expect(back.headers.location).toBe('/login?signInError=OIDC_CALLBACK_INVALID');
      expect(browser.cookies.has('sid')).toBe(false);
    }
    const badStart = await new TestClient(t.app).get('/api/auth/oidc/NOT%20AN%20ID/start');
    expect(badStart.statusCode).toBe(303);
    expect(badStart.headers.location).toBe('/login?signInError=OIDC_PROVIDER_NOT_FOUND');
  });

  it('keeps the authorization code, the state and e-mailed secrets out of every log line', async () => {
    logLines.length = 0;
    const seen: string[] = [];
    // A sign-in that works, and one whose code the provider refuses (its error is logged).
    await signInAtProvider(new TestClient(t.app), account(), (url) => {
      seen.push(url.searchParams.get('code') ?? '', url.searchParams.get('state') ?? '');
    });
    await signInAtProvider(new TestClient(t.app), account(), (url) => {
      seen.push(url.searchParams.get('state') ?? '');
      url.searchParams.set('code', 'forged-code-canary-0123456789');
    });
    seen.push('forged-code-canary-0123456789');
    // A page opened from an e-mailed link carries its one-time secret in the query.
    await new TestClient(t.app).get('/new?userId=u&secret=mailed-secret-canary-0123');
    seen.push('mailed-secret-canary-0123');
    const logged = logLines.join('\n');
    // The callback's request lines are there, with the path and the names of the parameters.
    expect(logged).toContain(`/api/auth/oidc/${PROVIDER}/callback?code=[Redacted]`);
    expect(logged).toContain('sign-in provider refused the code');
    for (const secret of seen) {
      expect(secret.length).toBeGreaterThan(8);
      expect(logged).not.toContain(secret);
    }
  });

  it('removes a provider with its links, and tells their owners', async () => {
    const who = account();
    const browser = new TestClient(t.app);
    await signInAtProvider(browser, who);
    await browser.post('/api/auth/oidc/register', {
      name: 'Short Lived',
      phone: '+44 20 7946 0002',
      country: 'United Kingdom',
    });
    expect((await admin.delete(`/api/admin/sign-in-providers/${PROVIDER}`)).statusCode).toBe(200);
    expect((await browser.get('/api/auth/identities')).json()).toEqual({ identities: [] });
    // Its owner is told.
    expect((await latestMailboxMail(t, who.email, 'ways_in_ended')).text).toContain(
      'The platform removed the sign-in provider Peer ID.',
    );
    expect((await new TestClient(t.app).get('/api/auth/oidc/providers')).json()).toEqual({
      providers: [],
    });
    await configureProvider();
  });
});
