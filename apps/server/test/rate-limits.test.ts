import { latestMailboxMail, linkIn } from './mailbox-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Config } from '../src/config';
import { findMailTo } from '../src/modules/mail/outbox.repo';
import {
  createTestApp,
  registerUser,
  RELAXED_RATE_LIMITS,
  TestClient,
  uniqueEmail,
  VALID_PASSWORD,
  type TestApp,
} from './harness';

const LIMITED = {
  error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait and try again.' },
};

function limits(overrides: Partial<Config['rateLimits']>): Partial<Config> {
  return {
    trustProxy: true,
    rateLimits: { ...RELAXED_RATE_LIMITS, ...overrides },
  };
}

/** A client behind the trusted proxy, seen at `address` (X-Forwarded-For). */
function from(t: TestApp, address: string) {
  const client = new TestClient(t.app);
  const headers = { 'x-forwarded-for': address };
  return {
    client,
    post: (url: string, body: unknown = {}) => client.post(url, body, headers),
    put: (url: string, body: unknown = {}) => client.put(url, body, headers),
  };
}

function expectLimited(response: LightMyRequestResponse, retryAfter: string): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual(LIMITED);
  expect(response.headers['retry-after']).toBe(retryAfter);
}

async function bucketRows(t: TestApp): Promise<number> {
  const result = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM rate_limit_buckets`,
  );
  return result.rows[0]?.n ?? -1;
}

describe('one account, many addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(limits({ login: 3 }));
  });
  afterAll(() => t.close());

  it('limits wrong passwords per account whatever the address, registered or not', async () => {
    const { input } = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const attempt = await from(t, `203.0.113.${i}`).post('/api/auth/login', {
        email: input.email.toUpperCase(),
        password: 'wrong-password',
      });
      statuses.push(attempt.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Even the right password, from an address never seen, waits for the window (15 min).
    expectLimited(
      await from(t, '198.51.100.77').post('/api/auth/login', {
        email: input.email,
        password: input.password,
      }),
      '900',
    );
    // An e-mail with no account is limited the same way: the limit tells nothing.
    const unknown = uniqueEmail('nobody');
    const unknownStatuses: number[] = [];
    for (let i = 1; i <= 4; i += 1) {
      const attempt = await from(t, `192.0.2.${i}`).post('/api/auth/login', {
        email: unknown,
        password: 'wrong-password',
      });
      unknownStatuses.push(attempt.statusCode);
    }
    expect(unknownStatuses).toEqual([401, 401, 401, 429]);
    // Other accounts from the same addresses are not affected.
    const other = await registerUser(t.app);
    const otherLogin = await from(t, '203.0.113.1').post('/api/auth/login', {
      email: other.input.email,
      password: other.input.password,
    });
    expect(otherLogin.statusCode).toBe(200);
    // A new window opens after 15 minutes.
    t.clock.advance(15 * 60_000);
    const later = await from(t, '203.0.113.9').post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(later.statusCode).toBe(200);
  });

  it('counts failures only: the owner signing in often is never limited', async () => {
    const { input } = await registerUser(t.app);
    for (let i = 0; i < 8; i += 1) {
      const ok = await from(t, '203.0.113.50').post('/api/auth/login', {
        email: input.email,
        password: input.password,
      });
      expect(ok.statusCode).toBe(200);
    }
    // Two failures, a success, two failures: four failures would be over 3, but the success
    // took back only its own attempt, so the third failure is the one refused.
    const wrong = () =>
      from(t, '203.0.113.51').post('/api/auth/login', {
        email: input.email,
        password: 'nope-nope',
      });
    expect((await wrong()).statusCode).toBe(401);
    expect((await wrong()).statusCode).toBe(401);
    const right = await from(t, '203.0.113.51').post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(right.statusCode).toBe(200);
    expect((await wrong()).statusCode).toBe(401);
    expect((await wrong()).statusCode).toBe(429);
  });

  it('a password reset through the e-mailed link lifts the account’s lock', async () => {
    const { input, user } = await registerUser(t.app);
    for (let i = 0; i < 4; i += 1) {
      await from(t, `198.18.0.${i}`).post('/api/auth/login', {
        email: input.email,
        password: 'wrong-password',
      });
    }
    const locked = await from(t, '198.18.0.9').post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(locked.statusCode).toBe(429);
    await from(t, '198.18.0.9').post('/api/auth/recovery', { email: input.email });
    // The working link is the one the recipient received; the outbox keeps it redacted.
    const link = linkIn(await latestMailboxMail(t, input.email, 'recovery'));
    const reset = await from(t, '198.18.0.9').put('/api/auth/recovery', {
      userId: user.id,
      secret: link.searchParams.get('secret') ?? '',
      password: 'a-brand-new-password',
    });
    expect(reset.statusCode).toBe(200);
    const after = await from(t, '198.18.0.9').post('/api/auth/login', {
      email: input.email,
      password: 'a-brand-new-password',
    });
    expect(after.statusCode).toBe(200);
  });
});

describe('one address, many accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(limits({ loginAddress: 4, register: 3, recovery: 3 }));
  });
  afterAll(() => t.close());

  it('limits wrong passwords per address across accounts, and only that address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const attempt = await from(t, '203.0.113.7').post('/api/auth/login', {
        email: uniqueEmail('victim'),
        password: 'wrong-password',
      });
      statuses.push(attempt.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // The same /64 of IPv6 is one address; another subscriber is not limited.
    const v6 = [] as number[];
    for (let i = 1; i <= 5; i += 1) {
      const attempt = await from(t, `2001:db8:1:2::${i}`).post('/api/auth/login', {
        email: uniqueEmail('victim'),
        password: 'wrong-password',
      });
      v6.push(attempt.statusCode);
    }
    expect(v6).toEqual([401, 401, 401, 401, 429]);
    const elsewhere = await from(t, '2001:db8:1:3::1').post('/api/auth/login', {
      email: uniqueEmail('victim'),
      password: 'wrong-password',
    });
    expect(elsewhere.statusCode).toBe(401);
    // Wrong current passwords at /password count in the same address allowance.
    const { input } = await registerUser(t.app);
    const signedIn = from(t, '203.0.113.8');
    await signedIn.post('/api/auth/login', { email: input.email, password: input.password });
    for (let i = 0; i < 4; i += 1) {
      const change = await signedIn.post('/api/auth/password', {
        oldPassword: 'wrong-password',
        password: 'new-password-123',
      });
      expect(change.statusCode).toBe(400);
    }
    expectLimited(
      await signedIn.post('/api/auth/password', {
        oldPassword: input.password,
        password: 'new-password-123',
      }),
      '900',
    );
  });

  it('limits sign-ups per address and recovery e-mails per address and per recipient', async () => {
    const signUp = (address: string, email: string) =>
      from(t, address).post('/api/auth/register', {
        name: 'Many Accounts',
        email,
        phone: '+1 202 555 0143',
        country: 'Chad',
        password: VALID_PASSWORD,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await signUp('203.0.113.20', uniqueEmail('bulk'))).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await signUp('203.0.113.21', uniqueEmail('bulk'))).statusCode).toBe(201);

    const recovery = [] as number[];
    for (let i = 0; i < 4; i += 1) {
      const asked = await from(t, '203.0.113.30').post('/api/auth/recovery', {
        email: uniqueEmail('someone'),
      });
      recovery.push(asked.statusCode);
    }
    expect(recovery).toEqual([200, 200, 200, 429]);
    // One recipient from many addresses: no mail-bombing of one inbox.
    const target = uniqueEmail('inbox');
    const bombing = [] as number[];
    for (let i = 0; i < 4; i += 1) {
      const asked = await from(t, `203.0.113.${40 + i}`).post('/api/auth/recovery', {
        email: target,
      });
      bombing.push(asked.statusCode);
    }
    expect(bombing).toEqual([200, 200, 200, 429]);
    await t.ctx.mailer.idle();
    expect(await findMailTo(t.db, target, 'recovery_no_account')).toHaveLength(3);
  });
});

describe('TOTP codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(limits({ twoFactor: 3, login: 3 }));
  });
  afterAll(() => t.close());

  async function withTwoFactor(client: TestClient) {
    const { secret } = (await client.post('/api/auth/2fa/setup')).json<{ secret: string }>();
    const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    expect((await client.post('/api/auth/2fa/enable', { otp: code })).statusCode).toBe(200);
    return secret;
  }

  it('limits wrong codes at login’s second step per account, whatever the address', async () => {
    const { client, input } = await registerUser(t.app);
    const secret = await withTwoFactor(client);
    t.clock.advance(30_000);
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i += 1) {
      const attempt = await from(t, `203.0.113.${60 + i}`).post('/api/auth/login', {
        email: input.email,
        password: input.password,
        otp: '000000',
      });
      statuses.push(attempt.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The right code waits too; the right password without a code still reaches step two, so
    // the password allowance was not used up by the wrong codes.
    const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    expectLimited(
      await from(t, '198.51.100.1').post('/api/auth/login', {
        email: input.email,
        password: input.password,
        otp: code,
      }),
      // The account's TOTP window opened when the code turning 2FA on was counted, 30 s earlier.
      '870',
    );
    const step1 = await from(t, '198.51.100.1').post('/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(step1.json()).toEqual({ status: 'otp_required' });
  });

  it('limits wrong codes when turning two-factor on, per account', async () => {
    const { client } = await registerUser(t.app);
    await client.post('/api/auth/2fa/setup');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await client.post('/api/auth/2fa/enable', { otp: '000000' })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('limits wrong passwords when turning two-factor off, per account', async () => {
    const { client } = await registerUser(t.app);
    await withTwoFactor(client);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (
          await client.post('/api/auth/2fa/disable', {
            password: 'wrong-password',
            otp: '000000',
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('counters in PostgreSQL', () => {
  it('hold across a restart: a new instance on the same database continues the count', async () => {
    const a = await createTestApp(limits({ login: 3 }));
    try {
      const { input } = await registerUser(a.app);
      const wrong = { email: input.email, password: 'wrong-password' };
      expect((await from(a, '203.0.113.1').post('/api/auth/login', wrong)).statusCode).toBe(401);
      expect((await from(a, '203.0.113.2').post('/api/auth/login', wrong)).statusCode).toBe(401);
      const b = await createTestApp(limits({ login: 3 }), { shareDatabaseWith: a });
      try {
        await a.app.close(); // the first instance stops; its memory is gone
        expect((await from(b, '203.0.113.3').post('/api/auth/login', wrong)).statusCode).toBe(401);
        const refused = await from(b, '203.0.113.4').post('/api/auth/login', wrong);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual(LIMITED);
      } finally {
        await b.close();
      }
    } finally {
      await a.close();
    }
  });

  it('are shared by two instances at once, even for attempts sent in parallel', async () => {
    const a = await createTestApp(limits({ login: 4 }));
    const b = await createTestApp(limits({ login: 4 }), { shareDatabaseWith: a });
    try {
      const { input } = await registerUser(a.app);
      const attempts = Array.from({ length: 12 }, (_, i) =>
        from(i % 2 === 0 ? a : b, `203.0.113.${100 + i}`).post('/api/auth/login', {
          email: input.email,
          password: 'wrong-password',
        }),
      );
      const statuses = (await Promise.all(attempts)).map((r) => r.statusCode).sort();
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429, 429]);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('store no e-mail or address, and ended windows are deleted', async () => {
    const t = await createTestApp(limits({ login: 3 }));
    try {
      const email = uniqueEmail('private');
      await from(t, '203.0.113.5').post('/api/auth/login', { email, password: 'wrong-password' });
      const rows = await t.db.execute<{ key_hash: Buffer; hits: number; dump: string }>(
        sql`SELECT key_hash, hits, row_to_json(b)::text AS dump FROM rate_limit_buckets b`,
      );
      expect(rows.rows.map((r) => r.hits)).toEqual([1, 1]);
      for (const row of rows.rows) {
        expect(row.key_hash).toHaveLength(32);
        expect(row.dump).not.toContain(email);
        expect(row.dump).not.toContain('203.0.113.5');
      }
      // The purge runs at most every 10 minutes, on an attempt; windows end after 15.
      t.clock.advance(16 * 60_000);
      await from(t, '203.0.113.6').post('/api/auth/login', {
        email: uniqueEmail('other'),
        password: 'wrong-password',
      });
      expect(await bucketRows(t)).toBe(2);
    } finally {
      await t.close();
    }
  });
});

describe('no account enumeration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(limits({}));
  });
  afterAll(() => t.close());

  const comparable = (response: LightMyRequestResponse) => {
    const headers: Record<string, unknown> = { ...response.headers };
    delete headers.date;
    delete headers['set-cookie'];
    return { status: response.statusCode, body: response.body, headers };
  };

  it('recovery answers a known and an unknown e-mail byte for byte the same', async () => {
    const { input } = await registerUser(t.app);
    const known = await from(t, '203.0.113.1').post('/api/auth/recovery', { email: input.email });
    const unknown = await from(t, '203.0.113.1').post('/api/auth/recovery', {
      email: uniqueEmail('nobody'),
    });
    expect(comparable(known)).toEqual(comparable(unknown));
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe('{"ok":true}');
  });

  /**
   * The rows of every table, counted, keyed by table name: what a request wrote, compared
   * between two snapshots.
   */
  async function rowCounts(): Promise<Record<string, number>> {
    const tables = await t.db.execute<{ name: string }>(sql`
      SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
    // One row per table aggregated (json_build_object takes at most 100 arguments: 50 tables).
    const counts = tables.rows.map(({ name }) => `('${name}', (SELECT count(*) FROM "${name}"))`);
    const result = await t.db.execute<{ counts: Record<string, number> }>(
      sql.raw(
        `SELECT json_object_agg(name, n) AS counts FROM (VALUES ${counts.join(', ')}) AS v(name, n)`,
      ),
    );
    return result.rows[0]?.counts ?? {};
  }

  /**
   * A link request is answered by the mail worker, which alone looks the address up: the request
   * writes the same row, and only it, whether or not the address has an account. Checked with the
   * worker held back, then let go to show each request was real.
   */
  async function sameWrites(url: string, template: string) {
    const known = (await registerUser(t.app)).input.email;
    const unknown = uniqueEmail('nobody');
    const client = new TestClient(t.app);
    await client.get('/api/auth/csrf');
    // The registered address has a rate-limit bucket from its sign-up e-mail; give the unknown
    // one its bucket too (the counting itself is one statement for any address).
    await client.post(url, { email: unknown });
    await t.ctx.mailer.idle();
    const kick = t.ctx.mailer.kick;
    t.ctx.mailer.kick = () => {};
    const written: Record<string, Record<string, number>> = {};
    try {
      for (const email of [known, unknown, unknown, known]) {
        const before = await rowCounts();
        expect((await client.post(url, { email })).statusCode).toBe(200);
        const after = await rowCounts();
        const changed = Object.fromEntries(
          Object.keys(after)
            .filter((table) => after[table] !== before[table])
            .map((table) => [table, (after[table] ?? 0) - (before[table] ?? 0)]),
        );
        expect(changed, email).toEqual({ link_requests: 1 });
        written[email] = changed;
      }
    } finally {
      t.ctx.mailer.kick = kick;
    }
    expect(written[known]).toEqual(written[unknown]);
    const mails = await latestMailboxMail(t, known, template);
    expect(linkIn(mails).searchParams.get('secret')).toBeTruthy();
    expect(await findMailTo(t.db, unknown, template)).toHaveLength(0);
    // The bucket's request and the two above.
    expect(await findMailTo(t.db, unknown, `${template}_no_account`)).toHaveLength(3);
  }

  it('recovery writes the same row for a known and an unknown e-mail, and nothing else', async () => {
    await sameWrites('/api/auth/recovery', 'recovery');
  });

  it('a sign-in link request writes the same row for a known and an unknown e-mail', async () => {
    await sameWrites('/api/auth/magic-link', 'magic_link');
  });

  /**
   * How much longer a wrong password takes for a registered e-mail than for an unknown one: the
   * median of 30 paired differences, each pair timed back to back (alternating which goes first),
   * after 5 pairs of warm-up. A pair sees the same machine, so a busy neighbour moves both of its
   * timings, not the difference. The answer hashes a password either way (argon2, about 13 ms);
   * leaving out that hash for an unknown address is what this can see through a loaded machine's
   * noise (the link requests above write the same row, and that is checked row by row).
   */
  async function medians(url: string, body: (email: string) => object, status: number) {
    const warmUp = 5;
    const pairs = 30;
    const known = await Promise.all(
      Array.from({ length: warmUp + pairs }, () => registerUser(t.app).then((r) => r.input.email)),
    );
    const client = new TestClient(t.app);
    await client.get('/api/auth/csrf');
    const time = async (email: string) => {
      await t.ctx.mailer.idle();
      const started = process.hrtime.bigint();
      const response = await client.post(url, body(email));
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(response.statusCode).toBe(status);
      return ms;
    };
    const timings = { known: [] as number[], unknown: [] as number[], difference: [] as number[] };
    for (const [i, email] of known.entries()) {
      const nobody = uniqueEmail('nobody');
      let knownMs: number, unknownMs: number;
      if (i % 2 === 0) {
        knownMs = await time(email);
        unknownMs = await time(nobody);
      } else {
        unknownMs = await time(nobody);
        knownMs = await time(email);
      }
      if (i < warmUp) continue;
      timings.known.push(knownMs);
      timings.unknown.push(unknownMs);
      timings.difference.push(knownMs - unknownMs);
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((x, y) => x - y);
      return ((sorted[pairs / 2 - 1] ?? 0) + (sorted[pairs / 2] ?? 0)) / 2;
    };
    const figures = {
      known: median(timings.known),
      unknown: median(timings.unknown),
      difference: median(timings.difference),
    };
    console.log(`${url} medians (ms): ${JSON.stringify(figures)}`);
    // Loose enough for a busy machine, tight enough to catch a skipped hash.
    expect(Math.abs(figures.difference)).toBeLessThan(
      Math.max(1, 0.25 * Math.min(figures.known, figures.unknown)),
    );
  }

  it('a wrong password takes the same time for a known and an unknown e-mail', async () => {
    await medians('/api/auth/login', (email) => ({ email, password: 'wrong-password' }), 401);
  });
});
