import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/shared/http';
import { eventually } from '@app/shared/test/eventually';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext, Clock } from '../src/context';
import { createCaches } from '../src/caches';
import { createPriceSource } from '../src/modules/market/price-source';
import { createDb, createPool, type Db } from '../src/db/client';
import { createSharedReads } from '../src/db/performance';
import { recoveryCodes, users } from '../src/db/schema';
import { paymentMethods } from '../src/modules/ledger/ledger.schema';
import { digest } from '../src/lib/crypto';
import { writeRequestedLinks } from '../src/modules/auth';
import { seal } from '../src/lib/secret-box';
import { createMailer } from '../src/modules/mail/mailer';
import { createRealtime, type RealtimeHub } from '../src/realtime/realtime';
import { seedIfEmpty } from '../src/seed/seed';
import { LOG_REDACT } from '../src/logging';
import { TEMPLATE_DB, withDatabase } from './global-setup';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now = () => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The same object as ctx.realtime, with its socket registry (tests of live-socket access). */
  hub: RealtimeHub;
  db: Db;
  pool: pg.Pool;
  clock: TestClock;
  config: Config;
  databaseUrl: string;
  admin: { email: string; password: string };
  /** The development mailbox directory (what recipients receive when there is no SMTP). */
  mailbox: string;
  close: () => Promise<void>;
}

/** Rate limits high enough that no test trips one unless it sets its own (rate-limits.test.ts). */
export const RELAXED_RATE_LIMITS: Config['rateLimits'] = {
  login: 1000,
  loginAddress: 1000,
  register: 1000,
  recovery: 1000,
  twoFactor: 1000,
  apiToken: 1000,
};

/**
 * The product's connections in tests plan every named statement generically, as PostgreSQL does
 * in production from a statement's sixth run on a connection: a statement that only works with
 * its values known at planning (an ON CONFLICT whose partial index's predicate was a parameter
 * answered 500 one run in three) fails every time here instead of now and then there.
 */
function withGenericPlans(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', '-c plan_cache_mode=force_generic_plan');
  return parsed.toString();
}

/** A fresh database cloned from the migrated template, and the whole app in-process. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    logStream?: NodeJS.WritableStream;
    shareDatabaseWith?: TestApp;
    build?: BuildOptions;
    /**
     * The withdrawal fee percentage the tests' operator has set on every seeded payment method:
     * 10 %, the seed's example, which the money tests were written against. null: leave the
     * install as first start leaves it (no fee on any method).
     */
    withdrawalFeePct?: string | null;
  } = {},
): Promise<TestApp> {
  const baseUrl = inject('pgBaseUrl');
  const owner = options.shareDatabaseWith === undefined;
  const name = owner ? `t_${crypto.randomBytes(6).toString('hex')}` : '';
  if (owner) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
  }
  // A second instance on the same database (multi-instance tests) shares the first one's URL.
  const databaseUrl = options.shareDatabaseWith?.databaseUrl ?? withDatabase(baseUrl, name);
  const config: Config = {
    ...loadConfig({
      ...process.env,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'http://localhost:3000',
    }),
    adminEmail: 'admin@test.local',
    adminPassword: 'admin-password-123',
    smtpUrl: undefined,
    rateLimits: RELAXED_RATE_LIMITS,
    ...overrides,
  };
  const pool = createPool(withGenericPlans(databaseUrl), 10);
  const db = createDb(pool);
  // Instances on one database share the key, as SECRETS_KEY is shared in production.
  const secretsKey = options.shareDatabaseWith?.ctx.secretsKey ?? crypto.randomBytes(32);
  // Without ADMIN_PASSWORD the seed makes one up and prints it: the test signs in with that.
  const seeded = await seedIfEmpty(db, config);
  const withdrawalFeePct = options.withdrawalFeePct === undefined ? '10' : options.withdrawalFeePct;
  if (owner && withdrawalFeePct !== null) {
    await db.update(paymentMethods).set({ withdrawalFeePct });
  }
  // Admins work only with two-factor sign-in on (ADMIN_TWO_FACTOR_REQUIRED): the seeded admin
  // has it, as after the first-start setup; adminClient signs in with a fresh recovery code.
  const [seededAdmin] = await db
    .select()
    .from(users)
    .where(eq(users.email, config.adminEmail ?? ''));
  if (seededAdmin && !seededAdmin.totpEnabledAt) {
    await enableTwoFactorInDb(db, secretsKey, seededAdmin.id);
  }
  const log = options.logStream
    ? pino({ level: 'trace', redact: LOG_REDACT }, options.logStream)
    : pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent', redact: LOG_REDACT });
  // Each test app has its own development mailbox (the recipients' copies when there is no SMTP).
  const mailbox = await fs.mkdtemp(path.join(os.tmpdir(), 'nestrado-mailbox-'));
  const mailer = createMailer(db, {
    smtpUrl: config.smtpUrl,
    mailboxDir: mailbox,
    secretsKey,
    from: config.mailFrom,
    log,
    // ctx is built below, before the mailer's first run (a kick, or its timer).
    prepare: () => writeRequestedLinks(ctx),
    pollMs: 60_000,
  });
  const clock = new TestClock();
  const hub = createRealtime({ databaseUrl, log });
  await hub.ready;
  const caches = createCaches({ databaseUrl, log });
  await caches.sessions.ready;
  const ctx: AppContext = {
    config,
    pool,
    db,
    reads: createSharedReads(withGenericPlans(databaseUrl)),
    mailer,
    clock,
    log,
    realtime: hub,
    prices: createPriceSource(db, { databaseUrl, log }),
    caches,
    secretsKey,
  };
  const app = await buildApp(ctx, hub, options.build);
  await app.ready();

  return {
    app,
    ctx,
    hub,
    db,
    pool,
    clock,
    config,
    databaseUrl,
    admin: {
      email: config.adminEmail ?? '',
      password: config.adminPassword ?? seeded.admin?.password ?? '',
    },
    mailbox,
    close: async () => {
      await app.close();
      await mailer.close();
      await fs.rm(mailbox, { recursive: true, force: true });
      await hub.close();
      await caches.sessions.close();
      await ctx.prices.close();
      await ctx.reads.end();
      await pool.end();
      if (!owner) return;
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await dropDatabase(cleanup, name);
      await cleanup.end();
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client over `app.inject`: keeps cookies, sends the CSRF header the way the web
 * app does, and can be told to behave like a hostile site (no token, foreign origin).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now()) ||
        cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && !this.cookies.has(CSRF_COOKIE)) {
      this.remember(
        await this.app.inject({ method: 'GET', url: '/api/auth/csrf', remoteAddress: this.ip }),
      );
    }
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        cookie: this.cookieHeader(),
        ...(method !== 'GET' ? { [CSRF_HEADER]: this.cookies.get(CSRF_COOKIE) ?? '' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });
    this.remember(response);
    return response;
  }

  get = (url: string, headers?: Record<string, string>) =>
    this.request('GET', url, undefined, headers);
  post = (url: string, body: unknown = {}, headers?: Record<string, string>) =>
    this.request('POST', url, body, headers);
  put = (url: string, body: unknown = {}, headers?: Record<string, string>) =>
    this.request('PUT', url, body, headers);
  delete = (url: string, headers?: Record<string, string>) =>
    this.request('DELETE', url, undefined, headers);
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${crypto.randomBytes(3).toString('hex')}@example.com`;
}

export const VALID_PASSWORD = 'correct-horse-battery';

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string; referrerId: string }> = {},
) {
  const client = new TestClient(app);
  const input = {
    name: overrides.name ?? 'Ada Lovelace',
    email: overrides.email ?? uniqueEmail(),
    phone: '+44 20 7946 0000',
    country: 'United Kingdom',
    password: overrides.password ?? VALID_PASSWORD,
    ...(overrides.referrerId ? { referrerId: overrides.referrerId } : {}),
  };
  const response = await client.post('/api/auth/register', input);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const { user } = response.json<{ user: { id: string; email: string; referralId: string } }>();
  return { client, user, input };
}

/** The TOTP seed test users get from enableTwoFactorInDb (base32). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Turns two-factor sign-in on for a user directly in the database, with TEST_TOTP_SECRET. */
export async function enableTwoFactorInDb(
  db: Db,
  secretsKey: Buffer,
  userId: string,
): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: seal(secretsKey, TEST_TOTP_SECRET), totpEnabledAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Signs in a user who has two-factor sign-in on, through the real login with a second factor: a
 * fresh single-use recovery code is stored for them first (a TOTP code could not be used twice
 * in one 30-second step, and tests sign in many times a second).
 */
export async function loginWithSecondFactor(
  t: TestApp,
  email: string,
  password: string,
): Promise<TestClient> {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const code = await freshRecoveryCode(t, user.id);
  const client = new TestClient(t.app);
  const response = await client.post('/api/auth/login', { email, password, otp: code });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  if (response.json<{ status?: string }>().status === 'otp_required') {
    throw new Error('login asked for a second factor');
  }
  return client;
}

/** Stores a new single-use recovery code for a user and returns it (a second factor for login). */
export async function freshRecoveryCode(t: { db: Db }, userId: string): Promise<string> {
  const code = `test-${crypto.randomBytes(6).toString('hex')}`;
  await t.db.insert(recoveryCodes).values({ userId, codeHash: digest(code) });
  return code;
}

/** A client signed in as the seeded admin (two-factor on, signed in with a second factor). */
export function adminClient(t: TestApp): Promise<TestClient> {
  return loginWithSecondFactor(t, t.admin.email, t.admin.password);
}

/**
 * Another admin, with two-factor sign-in on, for four-eyes decisions: a registered user whom the
 * seeded admin activates and makes an admin. Returns their client and id.
 */
export async function secondAdmin(
  t: TestApp,
): Promise<{ client: TestClient; id: string; email: string; password: string }> {
  const first = await adminClient(t);
  const { user, input } = await registerUser(t.app, { name: 'Second Admin' });
  for (const action of ['activate', 'make-admin']) {
    const response = await first.post(`/api/admin/users/${user.id}/${action}`);
    if (response.statusCode === 202) {
      // There are two admins already: making a third waits for another's approval.
      const { approval } = response.json<{ approval: { id: string } }>();
      const checked = await (
        await checkerAdmin(t)
      ).post(`/api/admin/approvals/${approval.id}/approve`);
      if (checked.statusCode !== 200) throw new Error(`admin grant failed: ${checked.body}`);
    } else if (response.statusCode !== 200) throw new Error(`${action} failed: ${response.body}`);
  }
  await enableTwoFactorInDb(t.db, t.ctx.secretsKey, user.id);
  return {
    client: await loginWithSecondFactor(t, input.email, input.password),
    id: user.id,
    email: input.email,
    password: input.password,
  };
}

const checkers = new WeakMap<TestApp, Promise<{ email: string; password: string }>>();

/**
 * An admin of the test's own who approves what another admin asked for (a deposit approval, a
 * setting change or an admin grant that waits for a second admin, in helpers that are not about
 * four-eyes): made an admin in the database, so it never needs an approval itself. One account
 * per app, signed in afresh each time (a test may have moved the clock past a session's life).
 */
export async function checkerAdmin(t: TestApp): Promise<TestClient> {
  let account = checkers.get(t);
  if (!account) {
    account = (async () => {
      const { user, input } = await registerUser(t.app, { name: 'Checker Admin' });
      await t.db.execute(
        sql`UPDATE users SET is_admin = true, is_active = true, activated_at = now() WHERE id = ${user.id}`,
      );
      await enableTwoFactorInDb(t.db, t.ctx.secretsKey, user.id);
      return { email: input.email, password: input.password };
    })();
    checkers.set(t, account);
  }
  const { email, password } = await account;
  return loginWithSecondFactor(t, email, password);
}

/**
 * What an admin's change answered: a 202 (waiting for a second admin) is approved by the test's
 * checker admin, and the approval's answer returned; anything else as it is.
 */
export async function approvedBySecondAdmin(
  t: TestApp,
  response: LightMyRequestResponse,
): Promise<LightMyRequestResponse> {
  if (response.statusCode !== 202) return response;
  const { approval } = response.json<{ approval: { id: string } }>();
  return (await checkerAdmin(t)).post(`/api/admin/approvals/${approval.id}/approve`);
}

/**
 * The file's app from `make` (`useAppFrom(createTestApp, (made) => (t = made))`: nobody signed in),
 * made before its tests and closed after them.
 */
export function useAppFrom<App extends TestApp>(
  make: () => Promise<App>,
  assign: (made: App) => void,
): void {
  let t: App | undefined;
  beforeAll(async () => {
    t = await make();
    assign(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
}

/**
 * The file's app and signed-in admin: created before its tests, closed after them, and handed to
 * `assign` (`useTestApp((made) => ({ t, admin } = made))`). `afterEachTest` runs after every test
 * (money-helpers' useMoneyApp audits the ledger there).
 */
export function useTestApp(
  assign: (made: { t: TestApp; admin: TestClient }) => void,
  options: { overrides?: Partial<Config>; afterEachTest?: (t: TestApp) => Promise<void> } = {},
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(options.overrides);
    assign({ t, admin: await adminClient(t) });
  });
  afterAll(() => t?.close());
  const { afterEachTest } = options;
  if (afterEachTest) {
    afterEach(async () => {
      if (t) await afterEachTest(t);
    });
  }
}

/**
 * The file's app on a data directory of its own (a fresh temporary folder whose name starts with
 * `prefix`), made before its tests with the seeded admin signed in, and closed and the folder
 * removed after them: for files that read what the server writes to disk.
 */
export function useTestAppOnOwnDataDir(
  prefix: string,
  assign: (made: { t: TestApp; admin: TestClient; dataDir: string }) => void,
): void {
  let t: TestApp | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
    t = await createTestApp({ dataDir });
    assign({ t, admin: await adminClient(t), dataDir });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });
}

/**
 * One file as a browser's form sends it (multipart/form-data, the file in `field`): the body and
 * the content-type header that names its boundary.
 */
export function multipartFile(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----nestrado' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The response's body is an `error` with (at least) these code, params, message and field. */
export function expectError(
  response: LightMyRequestResponse,
  error: { code?: string; params?: Record<string, unknown>; message?: string; field?: string },
): void {
  expect(response.json()).toMatchObject({ error });
}

/** An admin's `url`: a visitor's GET is answered 401, a signed-in investor's 403. */
export async function expectAdminOnly(t: TestApp, url: string): Promise<void> {
  expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
  const { client } = await registerUser(t.app);
  expect((await client.get(url)).statusCode).toBe(403);
}

/** The request was refused with `status`, and the body is exactly this `error`, nothing more. */
export function expectRefused(
  response: LightMyRequestResponse,
  status: number,
  error: { code: string; params?: Record<string, unknown>; message: string; field?: string },
): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ error });
}

/**
 * Drops a test database. On a server where the tests' role is not a superuser (CI's own
 * PostgreSQL), FORCE may not end an autovacuum worker busy in that database (42501); it finishes
 * within moments, so the drop is tried again for a while before giving up.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // Tried again only while refused for that worker (42501); any other error ends it at once.
  const failed = await eventually(
    () =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(
        () => null,
        (error: unknown) => {
          if ((error as { code?: string }).code === '42501') throw error;
          return error as Error;
        },
      ),
    { timeout: 10_000, interval: 200 },
  );
  if (failed) throw failed;
}

/**
 * Resolves once some connection to this test database waits for a row lock: the moment a request
 * racing a held lock has reached it.
 */
export async function someoneWaitsForALock(t: { pool: pg.Pool }): Promise<void> {
  await eventually(async () => {
    const { rows } = await t.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    expect(Number(rows[0]?.n), 'connections waiting for a lock').toBeGreaterThan(0);
  });
}

/**
 * Runs `statement` in a transaction of its own and holds it open (its row locks with it) until
 * `commit` is called: a write committed in the middle of a request, at a moment the test picks.
 */
export async function heldWrite(
  t: { pool: pg.Pool },
  statement: string,
  values: unknown[],
): Promise<{ commit: () => Promise<void> }> {
  const client = await t.pool.connect();
  await client.query('BEGIN');
  await client.query(statement, values);
  return {
    commit: async () => {
      try {
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    },
  };
}
