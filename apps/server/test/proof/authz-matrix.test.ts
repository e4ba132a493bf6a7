import { describe, expect, it } from 'vitest';
import type { TradingTestApp } from '../copy-trading-helpers';
import { summaryOf } from '../money-helpers';
import {
  ACCESS,
  HIDDEN_ROUTES,
  fastifyPath,
  fillPath,
  registeredRoutes,
  type Access,
  type Operation,
} from './openapi';
import { useProofApp } from './setup';
import { ownedPathValues, validBody, validQuery, withQuery } from './samples';
import { enableTwoFactorInDb } from '../harness';
import { ALLOWED_BEFORE_PASSWORD_CHANGE } from '../../src/modules/auth/password-change';
import {
  ADMIN_MUST_CHANGE_PASSWORD,
  ADMIN_WITHOUT_TWO_FACTOR,
  ROLES,
  relogin,
  sendAs,
  type RoleName,
  type World,
} from './world';

/**
 * The authorization matrix: every operation of /api/openapi.json, as every role, with path
 * parameters pointing at investor B's own things. The classification table lives in openapi.ts
 * (ACCESS); an operation missing from it fails the first test.
 */

let t: TradingTestApp;
let world: World;
let operations: Operation[];

useProofApp((made) => ({ t, world, operations } = made));

type Expected = 'unauthenticated' | 'forbidden' | 'allowed';

function expectedFor(access: Access, role: RoleName, key: string): Expected {
  // The one-time password opens only its own replacement, who is signed in, and signing out.
  if (role === ADMIN_MUST_CHANGE_PASSWORD)
    return ALLOWED_BEFORE_PASSWORD_CHANGE.has(key) ? 'allowed' : 'forbidden';
  if (access === 'public') return 'allowed';
  if (role === 'visitor') return 'unauthenticated';
  if (access === 'signed-in') return 'allowed';
  if (access === 'trader') return role === 'leadTrader' ? 'allowed' : 'forbidden';
  return role === 'admin' ? 'allowed' : 'forbidden';
}

/** Operations that end (or rotate) the caller's session: the role signs in again after them. */
const ENDS_SESSION = new Set([
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/password',
]);

/** Operations on something B owns: B itself must succeed, so the others' refusal means something. */
const OWNED_BY_B = new Set([
  'GET /api/transactions/{transactionId}',
  'DELETE /api/auth/sessions/{id}',
  'POST /api/notifications/{id}/read',
]);

/**
 * The matrix's roles: the fuzzer's, and an admin who has not turned two-factor sign-in on (before
 * the real admin, whose pass deletes B at its very end).
 */
const MATRIX_ROLES: RoleName[] = [
  ...ROLES.filter((role) => role !== 'admin'),
  ADMIN_WITHOUT_TWO_FACTOR,
  ADMIN_MUST_CHANGE_PASSWORD,
  'admin',
];

/** The admin deletes B last, so every other admin action still finds B. */
const LAST = 'DELETE /api/admin/users/{id}';

async function sessionIdsOfB(): Promise<string[]> {
  const response = await world.roles.investorB.client.get('/api/auth/sessions');
  return response
    .json<{ sessions: { id: string }[] }>()
    .sessions.map((s) => s.id)
    .sort();
}

function leakMarkers(): string[] {
  const b = world.b;
  return [
    b.userId,
    b.email,
    b.name,
    b.referralId,
    b.otherSessionId,
    b.tradeId,
    b.notificationId,
    b.documentId,
    b.verificationId,
    ...b.transactionIds,
  ]
    .filter((marker) => marker.length >= 6)
    .map((marker) => marker.toLowerCase());
}

describe('authorization matrix from /api/openapi.json', () => {
  it('classifies every documented operation (public / signed-in / trader / admin)', () => {
    const keys = operations.map((op) => op.key);
    const unclassified = keys.filter((key) => !(key in ACCESS));
    expect(unclassified, 'operations missing from ACCESS in proof/openapi.ts').toEqual([]);
    const stale = Object.keys(ACCESS).filter((key) => !keys.includes(key));
    expect(stale, 'ACCESS lists operations the app no longer has').toEqual([]);
    for (const op of operations) {
      const access = ACCESS[op.key];
      // The path says who may call it; the table must agree.
      if (op.path.startsWith('/api/admin/')) expect(access, op.key).toBe('admin');
      if (access === 'admin') expect(op.path, op.key).toMatch(/^\/api\/admin\//);
      if (op.path.startsWith('/api/trader/')) expect(access, op.key).toBe('trader');
    }
    expect(operations.length).toBeGreaterThanOrEqual(70);
  });

  it('hides no API route from the document except the listed ones', () => {
    const normalise = (route: string) => route.replace(/(.)\/$/, '$1');
    const documented = new Set(
      operations.map((op) => normalise(`${op.method} ${fastifyPath(op.path)}`)),
    );
    const routes = [...new Set(registeredRoutes(t.app).map(normalise))];
    const isApi = (route: string) => /^[A-Z]+ \/(api|uploads|realtime)(\/|$)/.test(route);
    const undocumented = routes.filter(
      (route) => isApi(route) && !documented.has(route) && !(route in HIDDEN_ROUTES),
    );
    expect(undocumented).toEqual([]);
    // Outside /api only the web app's GETs: nothing there is covered by the CSRF check.
    const mutatingOutsideApi = routes.filter((route) => !isApi(route) && !route.startsWith('GET '));
    expect(mutatingOutsideApi).toEqual([]);
    expect(routes.filter(isApi).length).toBeGreaterThanOrEqual(operations.length);
  });

  it('answers every operation × role as classified, and only B and the admin ever see B’s data', async () => {
    const ordered = [
      ...operations.filter((op) => op.key !== LAST),
      ...operations.filter((op) => op.key === LAST),
    ];
    const failures: string[] = [];
    const tally: Record<string, Record<string, number>> = {};
    const markers = leakMarkers();
    let checks = 0;
    let scanned = 0;

    for (const roleName of MATRIX_ROLES) {
      const role = world.roles[roleName];
      tally[roleName] = {};
      const bBefore = await summaryOf(world.roles.investorB.client);
      const bSessionsBefore = await sessionIdsOfB();
      for (const op of ordered) {
        const access = ACCESS[op.key] ?? 'admin';
        const context = { role, world, realPasswords: true };
        const body = validBody(op, context);
        const url = withQuery(
          fillPath(op.path, ownedPathValues(op, world)),
          validQuery(op, context),
        );
        const response = await sendAs(t, role, {
          method: op.method,
          url,
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        });
        checks += 1;
        const status = response.statusCode;
        const roleTally = tally[roleName] ?? {};
        roleTally[`${Math.floor(status / 100)}xx`] =
          (roleTally[`${Math.floor(status / 100)}xx`] ?? 0) + 1;
        const where = `${roleName} ${op.key} → ${status} ${response.body.slice(0, 200)}`;

        const expected = expectedFor(access, roleName, op.key);
        if (status >= 500) failures.push(`5xx: ${where}`);
        if (expected === 'unauthenticated' && status !== 401)
          failures.push(`expected 401: ${where}`);
        if (expected === 'forbidden' && status !== 403) failures.push(`expected 403: ${where}`);
        if (
          roleName === ADMIN_WITHOUT_TWO_FACTOR &&
          access === 'admin' &&
          !response.body.includes('"ADMIN_TWO_FACTOR_REQUIRED"')
        )
          failures.push(`expected ADMIN_TWO_FACTOR_REQUIRED: ${where}`);
        if (
          expected === 'forbidden' &&
          roleName === ADMIN_MUST_CHANGE_PASSWORD &&
          !response.body.includes('"PASSWORD_CHANGE_REQUIRED"')
        )
          failures.push(`expected PASSWORD_CHANGE_REQUIRED: ${where}`);
        if (expected === 'allowed' && (status === 401 || status === 403))
          failures.push(`expected neither 401 nor 403: ${where}`);
        if (status >= 400) {
          const error = (response.json<{ error?: { code?: unknown; message?: unknown } }>() ?? {})
            .error;
          if (typeof error?.code !== 'string' || typeof error.message !== 'string')
            failures.push(`error without {error:{code,message}}: ${where}`);
        }
        if (OWNED_BY_B.has(op.key)) {
          if (roleName === 'investorB' && (status < 200 || status > 299))
            failures.push(`B cannot use its own resource: ${where}`);
          if ((roleName === 'investorA' || roleName === 'leadTrader') && status !== 404)
            failures.push(`another user's resource should be "not found": ${where}`);
        }
        // Nobody but B and the admin may ever receive B's id, e-mail, name, referral id,
        // session, trade or transaction ids.
        if (roleName !== 'investorB' && roleName !== 'admin' && status >= 200 && status < 300) {
          scanned += 1;
          const text = response.body.toLowerCase();
          const leaked = markers.filter((marker) => text.includes(marker));
          if (leaked.length > 0) failures.push(`leaks B's ${leaked.join(', ')}: ${where}`);
        }
        if (ENDS_SESSION.has(op.key)) await relogin(role);
        // The admin's pass turns its own two-factor off (with its real password): back on.
        if (op.key === 'POST /api/auth/2fa/disable' && roleName === 'admin' && role.userId)
          await enableTwoFactorInDb(t.db, t.ctx.secretsKey, role.userId);
      }

      if (roleName === 'investorA' || roleName === 'leadTrader') {
        // Whatever A or the trader tried, B's money and B's other session are untouched.
        const b = world.roles.investorB.client;
        const bNow = await summaryOf(b);
        // (Not balanceCents: B's trade is valued at the strategy's NAV, and a follower who
        // closes leaves the sub-cent remainder of their payout in the pool, so B's trade may
        // gain a cent when A closes — market value, not access.)
        for (const figure of ['availableCents', 'heldCents', 'investedCents'] as const)
          expect(bNow[figure], `B's ${figure} after ${roleName}`).toBe(bBefore[figure]);
        expect(bNow.recentTransactions).toEqual(bBefore.recentTransactions);
        expect(await sessionIdsOfB(), `B's sessions after ${roleName}`).toEqual(bSessionsBefore);
      }
    }

    console.log(
      `authz matrix: ${operations.length} operations × ${MATRIX_ROLES.length} roles = ${checks} requests checked; ` +
        `${scanned} 2xx bodies scanned for investor B's ${markers.length} identifiers; ` +
        `status classes by role ${JSON.stringify(tally)}`,
    );
    expect(failures).toEqual([]);
    expect(checks).toBe(operations.length * MATRIX_ROLES.length);
  }, 120_000);
});
