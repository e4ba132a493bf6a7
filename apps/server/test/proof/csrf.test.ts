import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/shared/http';
import type { TradingTestApp } from '../copy-trading-helpers';
import { TestClient, VALID_PASSWORD, registerUser } from '../harness';
import { ACCESS, fillPath, type Access, type Operation } from './openapi';
import { ownedPathValues, validBody, validQuery, withQuery } from './samples';
import { useProofApp } from './setup';
import type { Role, World } from './world';

/**
 * CSRF, generated from /api/openapi.json: every mutating operation, in every spelling of its path
 * the router might accept, under every way a hostile page (or a planted cookie) could try it, is
 * refused before its handler runs, and the database does not change. The check must not depend
 * on how the URL is written: it is decided for every non-safe request, after routing.
 */

let t: TradingTestApp;
let world: World;
let mutating: Operation[];

useProofApp((made) => {
  ({ t, world } = made);
  mutating = made.operations.filter((op) => op.method !== 'GET');
});

/** The role that may call an operation of this access: a victim whose session is worth forging. */
function victimFor(access: Access): Role {
  if (access === 'admin') return world.roles.admin;
  if (access === 'trader') return world.roles.leadTrader;
  if (access === 'signed-in') return world.roles.investorB;
  return world.roles.investorA;
}

const hex = (char: string, upper: boolean) => {
  const code = char.charCodeAt(0).toString(16);
  return `%${upper ? code.toUpperCase() : code}`;
};

/** Ways to write the same path (each must be judged like the canonical one, or not routed). */
export function spellings(path: string): Record<string, string> {
  const [route, query] = path.split('?');
  const suffix = query ? `?${query}` : '';
  const segments = (route ?? '').split('/');
  const encodeFirst = (upper: boolean) =>
    segments
      .map((segment) =>
        /^[a-z]/i.test(segment) ? hex(segment[0] ?? '', upper) + segment.slice(1) : segment,
      )
      .join('/');
  const encodeAll = segments
    .map((segment) => [...segment].map((char) => hex(char, false)).join(''))
    .join('/');
  return {
    canonical: `${route}${suffix}`,
    'first letters %xx': `${encodeFirst(false)}${suffix}`,
    'first letters %XX': `${encodeFirst(true)}${suffix}`,
    'every character %xx': `${encodeAll}${suffix}`,
    'trailing slash': `${route}/${suffix}`,
    'double slash': `/${route}${suffix}`,
    'dot segment': `${(route ?? '').replace('/api/', '/api/./')}${suffix}`,
    'matrix parameter': `${route};x=1${suffix}`,
    'extra query': `${route}?${query ? `${query}&` : ''}next=%2Fapi%2Fadmin`,
  };
}

/** Spellings the router does not take for the route (it answers 404). */
const UNROUTED = new Set(['trailing slash', 'double slash', 'matrix parameter']);

interface Attempt {
  /** Cookies the victim's browser sends (sid always; the csrf cookie as given here). */
  csrfCookie: string | undefined;
  headers: Record<string, string>;
  contentType: string;
  payload: string;
}

const BOUNDARY = '----proofboundary';
const multipart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="role"\r\n\r\nadmin\r\n--${BOUNDARY}--\r\n`;

/** What a forging page or a planted cookie can send: each lacks a token valid for the session. */
async function forgeries(victim: Role, json: string): Promise<Record<string, Attempt>> {
  const own = victim.client.cookies.get(CSRF_COOKIE) ?? '';
  // The attacker's own token (fetched as a visitor) and another user's, planted as the cookie.
  const visitor = new TestClient(t.app, '10.66.0.1');
  await visitor.get('/api/auth/csrf');
  const planted = visitor.cookies.get(CSRF_COOKIE) ?? '';
  const other = victim === world.roles.investorA ? world.roles.investorB : world.roles.investorA;
  if (!other.client.cookies.has(CSRF_COOKIE)) await other.client.get('/api/auth/csrf');
  const othersToken = other.client.cookies.get(CSRF_COOKIE) ?? '';
  const jsonAttempt = { contentType: 'application/json', payload: json };
  return {
    'form, text/plain': {
      csrfCookie: own,
      headers: {},
      contentType: 'text/plain',
      payload: '{"role":"admin"}',
    },
    'form, urlencoded': {
      csrfCookie: own,
      headers: {},
      contentType: 'application/x-www-form-urlencoded',
      payload: 'role=admin',
    },
    'form, multipart': {
      csrfCookie: own,
      headers: {},
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: multipart,
    },
    'JSON without a header': { csrfCookie: own, headers: {}, ...jsonAttempt },
    'header without a cookie': {
      csrfCookie: undefined,
      headers: { [CSRF_HEADER]: own },
      ...jsonAttempt,
    },
    "the attacker's visitor token planted": {
      csrfCookie: planted,
      headers: { [CSRF_HEADER]: planted },
      ...jsonAttempt,
    },
    "another user's token planted": {
      csrfCookie: othersToken,
      headers: { [CSRF_HEADER]: othersToken },
      ...jsonAttempt,
    },
    'a forged token': {
      csrfCookie: 'forged.token',
      headers: { [CSRF_HEADER]: 'forged.token' },
      ...jsonAttempt,
    },
    'a foreign Origin': {
      csrfCookie: own,
      headers: { [CSRF_HEADER]: own, origin: 'https://evil.example' },
      ...jsonAttempt,
    },
    'a cross-site fetch': {
      csrfCookie: own,
      headers: { [CSRF_HEADER]: own, 'sec-fetch-site': 'cross-site' },
      ...jsonAttempt,
    },
  };
}

/** With a valid token, bodies in a content type the route does not declare. */
function undeclaredBodies(victim: Role, op: Operation, json: string): Record<string, Attempt> {
  const own = victim.client.cookies.get(CSRF_COOKIE) ?? '';
  const withToken = { csrfCookie: own, headers: { [CSRF_HEADER]: own } };
  const attempts: Record<string, Attempt> = {
    'text/plain with a token': { ...withToken, contentType: 'text/plain', payload: json },
    'urlencoded with a token': {
      ...withToken,
      contentType: 'application/x-www-form-urlencoded',
      payload: 'role=admin',
    },
  };
  if (op.multipart) {
    attempts['JSON to a multipart route'] = {
      ...withToken,
      contentType: 'application/json',
      payload: json,
    };
  } else {
    attempts['multipart with a token'] = {
      ...withToken,
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: multipart,
    };
  }
  return attempts;
}

async function send(victim: Role, method: string, url: string, attempt: Attempt) {
  const sid = victim.client.cookies.get('sid');
  const cookies = [
    ...(sid ? [`sid=${sid}`] : []),
    ...(attempt.csrfCookie !== undefined ? [`${CSRF_COOKIE}=${attempt.csrfCookie}`] : []),
  ];
  return t.app.inject({
    method: method as 'POST',
    url,
    remoteAddress: '10.77.0.1',
    headers: {
      cookie: cookies.join('; '),
      'content-type': attempt.contentType,
      ...attempt.headers,
    },
    payload: attempt.payload,
  });
}

/** A digest of every table a request could change (rate-limit counters aside). */
async function databaseFingerprint(): Promise<string> {
  const tables = await t.ctx.db.execute<{ name: string }>(sql`
    SELECT quote_ident(table_name) AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
      AND table_name NOT LIKE 'rate_limit%' ORDER BY table_name`);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const result = await t.ctx.db.execute<{ digest: string | null }>(
      sql.raw(`SELECT md5(string_agg(row_text, '|' ORDER BY row_text)) AS digest
               FROM (SELECT t::text AS row_text FROM ${name} t) rows`),
    );
    parts.push(`${name}:${result.rows[0]?.digest ?? 'empty'}`);
  }
  return parts.join('\n');
}

function codeOf(response: LightMyRequestResponse): string | undefined {
  try {
    return response.json<{ error?: { code?: string } }>().error?.code;
  } catch {
    return undefined;
  }
}

describe('CSRF on every mutating operation of /api/openapi.json', () => {
  it('refuses every forgery in every path spelling, and nothing changes', async () => {
    expect(mutating.length).toBeGreaterThanOrEqual(50);
    // The set-up's mail is delivered first: a delivery finishing later would change the outbox.
    t.ctx.mailer.kick();
    await t.ctx.mailer.idle();
    const before = await databaseFingerprint();
    const failures: string[] = [];
    const tally: Record<string, number> = {};
    let sent = 0;
    for (const op of mutating) {
      const victim = victimFor(ACCESS[op.key] ?? 'admin');
      if (!victim.client.cookies.has(CSRF_COOKIE)) await victim.client.get('/api/auth/csrf');
      const context = { role: victim, world, realPasswords: true };
      const json = JSON.stringify(validBody(op, context) ?? {});
      const path = withQuery(
        fillPath(op.path, ownedPathValues(op, world)),
        validQuery(op, context),
      );
      const hostile = {
        forged: await forgeries(victim, json),
        undeclared: undeclaredBodies(victim, op, json),
      };
      for (const [spelling, url] of Object.entries(spellings(path))) {
        for (const [kind, attempts] of Object.entries(hostile)) {
          for (const [name, attempt] of Object.entries(attempts)) {
            const response = await send(victim, op.method, url, attempt);
            sent += 1;
            // A spelling no route answers is a 404 once the token passes (a JSON body is the
            // default there): what matters is that no handler ran.
            const expected =
              kind === 'forged'
                ? { status: 403, code: 'CSRF_REJECTED' }
                : attempt.contentType === 'application/json' && UNROUTED.has(spelling)
                  ? { status: 404, code: 'NOT_FOUND' }
                  : { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' };
            const code = codeOf(response);
            tally[`${response.statusCode} ${code}`] =
              (tally[`${response.statusCode} ${code}`] ?? 0) + 1;
            if (response.statusCode !== expected.status || code !== expected.code) {
              failures.push(
                `${op.key} as ${spelling} (${url}), ${name}: ${response.statusCode} ${response.body.slice(0, 160)}`,
              );
            }
          }
        }
      }
    }
    console.log(`CSRF proof: ${mutating.length} operations, ${sent} requests`, tally);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(failures).toHaveLength(0);
    expect(await databaseFingerprint()).toBe(before);
  }, 600_000);

  it('routes the encoded spellings to the same handler, which works with a valid token', async () => {
    const { client } = await registerUser(t.app);
    const spelled = spellings('/api/profile/');
    const names = ['canonical', 'first letters %xx', 'first letters %XX', 'every character %xx'];
    for (const [index, name] of names.entries()) {
      const response = await client.request('PATCH', spelled[name] ?? '', {
        phone: `+44 20 7946 ${1000 + index}`,
        country: 'United Kingdom',
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
    }
  });
});

describe('the CSRF token belongs to one session', () => {
  it('is replaced at sign-in, sign-up and sign-out, and an earlier one stops working', async () => {
    const { client, input } = await registerUser(t.app);
    const signedUp = client.cookies.get(CSRF_COOKIE);
    expect(signedUp).toBeDefined();
    expect((await client.post('/api/auth/verification')).statusCode).not.toBe(403);

    // Sign out: the session's token goes with it.
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    const visitorToken = client.cookies.get(CSRF_COOKIE);
    expect(visitorToken).not.toBe(signedUp);

    // Sign in: the visitor token is replaced; replaying it (or the old session's) is refused.
    const login = await client.post('/api/auth/login', {
      email: input.email,
      password: VALID_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const signedIn = client.cookies.get(CSRF_COOKIE);
    expect(signedIn).not.toBe(visitorToken);
    for (const stale of [visitorToken, signedUp]) {
      const response = await client.post(
        '/api/auth/verification',
        {},
        {
          [CSRF_HEADER]: stale ?? '',
          cookie: `sid=${client.cookies.get('sid')}; ${CSRF_COOKIE}=${stale}`,
        },
      );
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe('CSRF_REJECTED');
    }
    expect((await client.post('/api/auth/verification')).statusCode).not.toBe(403);
  });

  it('a read re-issues the token when the session changed under it (expired, signed out elsewhere)', async () => {
    const { client } = await registerUser(t.app);
    const stale = client.cookies.get(CSRF_COOKIE);
    client.cookies.delete('sid');
    const read = await client.get('/api/plans/');
    expect(read.statusCode).toBe(200);
    const fresh = client.cookies.get(CSRF_COOKIE);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(stale);
    // A read with a token that still fits its session leaves it alone.
    const again = await client.get('/api/plans/');
    expect(again.cookies.find((c) => c.name === CSRF_COOKIE)).toBeUndefined();
  });

  it('answers API responses with Cache-Control: no-store', async () => {
    const { client } = await registerUser(t.app);
    for (const url of ['/api/auth/me', '/api/account/summary', '/api/transactions/']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});
