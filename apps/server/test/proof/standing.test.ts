import net from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type pg from 'pg';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/shared/http';
import type { TradingTestApp } from '../copy-trading-helpers';
import { ACCESS, fillPath, type Operation } from './openapi';
import { ownedPathValues, validBody, validQuery, withQuery } from './samples';
import { useProofApp } from './setup';
import { changedTables, stateSnapshots, type State } from './state';
import { sendAs, type Role, type World } from './world';

/**
 * Authority decided at the moment of the write (issue 38, finding 1): every operation of
 * /api/openapi.json that a signed-in actor may call with a method that writes is sent while the
 * actor's standing is being changed between the request's read of its actor and its write. The
 * test parks the request on the actor's users row (a transaction of its own holds it, as an
 * admin's deactivation does while it commits), changes the standing in that transaction, commits,
 * and expects the request refused and nothing changed. A request that finishes while parked
 * wrote nothing that needs its actor, or the state check fails it.
 */

let t: TradingTestApp;
let world: World;
let operations: Operation[];
let snapshot: () => Promise<State>;

useProofApp((made) => ({ t, world, operations } = made));
beforeAll(async () => {
  // Sessions are what the test itself changes and puts back (a revoked session's row).
  snapshot = await stateSnapshots(t, { ignore: ['sessions'] });
}, 120_000);

type Change = 'session revoked' | 'admin removed' | 'trader removed' | 'deactivated';

/** The standing each kind of operation needs, taken away; and the answer that must follow. */
const CHANGES: Record<
  Change,
  {
    sql: string;
    undo: (userId: string, sessionIds: string[]) => [string, unknown[]];
    status: number;
    code: string;
  }
> = {
  'session revoked': {
    sql: 'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
    undo: (_, ids) => ['UPDATE sessions SET revoked_at = NULL WHERE id = ANY($1::uuid[])', [ids]],
    status: 401,
    code: 'UNAUTHENTICATED',
  },
  'admin removed': {
    sql: 'UPDATE users SET is_admin = false WHERE id = $1',
    undo: (id) => ['UPDATE users SET is_admin = true WHERE id = $1', [id]],
    status: 403,
    code: 'ACCESS_CHANGED',
  },
  'trader removed': {
    sql: 'UPDATE users SET is_trader = false WHERE id = $1',
    undo: (id) => ['UPDATE users SET is_trader = true WHERE id = $1', [id]],
    status: 403,
    code: 'ACCESS_CHANGED',
  },
  deactivated: {
    sql: 'UPDATE users SET is_active = false WHERE id = $1',
    undo: (id) => ['UPDATE users SET is_active = true WHERE id = $1', [id]],
    status: 403,
    code: 'ACCESS_CHANGED',
  },
};

/**
 * Input the generic samples get wrong for a few operations (a cross-field rule, a format), so that
 * these too reach their write. Still left to their input refusal: the multipart uploads, the
 * appropriateness answers and turning two-factor on (each needs a step before it).
 */
const VALID_INPUT: Record<string, (role: Role) => Record<string, unknown>> = {
  'POST /api/admin/plans/': () => ({
    title: 'Standing plan',
    min: '100',
    max: '1000',
    termDays: 30,
  }),
  'POST /api/admin/strategies/': () => ({ instruments: ['BTCUSDT'] }),
  'POST /api/trader/strategy': () => ({ instruments: ['BTCUSDT'] }),
  'PATCH /api/trades/current': () => ({ stopLossPct: 30 }),
  'PATCH /api/trades/{id}': () => ({ stopLossPct: 30 }),
  'PATCH /api/admin/users/{id}': () => ({ phone: '+1 555 0100' }),
  'PATCH /api/profile/': () => ({ phone: '+1 555 0100' }),
  'POST /api/verification/submit': () => ({ dateOfBirth: '1990-01-01' }),
  'PUT /api/notifications/preferences': () => ({ email: {}, language: 'de' }),
  'POST /api/account/closure': (role) => ({ password: role.password }),
  'PUT /api/admin/settings/four-eyes': () => ({ threshold: '1000' }),
};

function actorFor(op: Operation): { role: Role; change: Change } | null {
  const access = ACCESS[op.key];
  if (access === 'admin') return { role: world.roles.admin, change: 'admin removed' };
  if (access === 'trader') return { role: world.roles.leadTrader, change: 'trader removed' };
  if (access === 'signed-in') return { role: world.roles.investorB, change: 'session revoked' };
  return null;
}

/** Whether a backend of this database is waiting for a row lock (the parked request). */
async function someoneWaits(holder: pg.PoolClient): Promise<boolean> {
  const waiting = await holder.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
  );
  return (waiting.rows[0]?.n ?? 0) > 0;
}

interface Outcome {
  parked: boolean;
  status: number;
  code: string | undefined;
  changed: string[];
}

/** Sends `op` as `role`, parked on the actor's row while `change` commits. */
async function sendDuringChange(op: Operation, role: Role, change: Change): Promise<Outcome> {
  const userId = role.userId ?? '';
  const before = await snapshot();
  const holder = await t.pool.connect();
  let parked = false;
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const context = { role, world, realPasswords: true };
    const body = validBody(op, context);
    if (body) Object.assign(body, VALID_INPUT[op.key]?.(role));
    let done = false;
    const pending = sendAs(t, role, {
      method: op.method,
      url: withQuery(fillPath(op.path, ownedPathValues(op, world)), validQuery(op, context)),
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    }).finally(() => {
      done = true;
    });
    await vi.waitFor(
      async () => {
        parked = !done && (await someoneWaits(holder));
        if (!done && !parked) throw new Error('not yet');
      },
      { timeout: 10_000, interval: 2 },
    );
    const revoked = await holder.query<{ id: string }>(CHANGES[change].sql, [userId]);
    await holder.query('COMMIT');
    const response = await pending;
    await holder.query(
      ...CHANGES[change].undo(
        userId,
        revoked.rows.map((r) => r.id),
      ),
    );
    t.ctx.caches.sessions.clear();
    const after = await snapshot();
    const code =
      response.statusCode >= 400
        ? response.json<{ error: { code: string } }>().error.code
        : undefined;
    return { parked, status: response.statusCode, code, changed: changedTables(before, after) };
  } finally {
    await holder.query('ROLLBACK').catch(() => {});
    holder.release();
  }
}

describe('authority at the moment of the write', () => {
  it('refuses every actor-dependent write whose actor loses its standing before the write, and changes nothing', async () => {
    const writes = operations.filter((op) => op.method !== 'GET' && actorFor(op) !== null);
    expect(writes.length).toBeGreaterThanOrEqual(60);
    const failures: string[] = [];
    const unparked: string[] = [];
    for (const op of writes) {
      const actor = actorFor(op);
      if (!actor) continue;
      const outcome = await sendDuringChange(op, actor.role, actor.change);
      const where = `${op.key} (${actor.change}) → ${outcome.status} ${outcome.code ?? ''}`;
      if (outcome.changed.length > 0)
        failures.push(`${where} changed ${outcome.changed.join(', ')}`);
      if (outcome.status >= 500) failures.push(`5xx: ${where}`);
      if (!outcome.parked) {
        unparked.push(`${op.key} ${outcome.status} ${outcome.code ?? ''}`);
        continue;
      }
      const expected = CHANGES[actor.change];
      if (outcome.status !== expected.status || outcome.code !== expected.code) {
        failures.push(`expected ${expected.status} ${expected.code}: ${where}`);
      }
    }
    expect(failures).toEqual([]);
    // Those that never reached a transaction wrote nothing (checked above): refusals of the
    // sample input, and actions whose only write is the session's own end.
    console.log(
      `standing: ${writes.length} writes, ${writes.length - unparked.length} parked and refused; ` +
        `finished before writing: ${unparked.join(', ')}`,
    );
    expect(writes.length - unparked.length).toBeGreaterThanOrEqual(40);
  }, 300_000);

  it('refuses a deposit and a new copy of an investor deactivated between read and write', async () => {
    const investor = world.roles.investorA;
    const deposit = operations.find((op) => op.key === 'POST /api/deposits/');
    const trade = operations.find((op) => op.key === 'POST /api/trades/');
    for (const op of [deposit, trade]) {
      if (!op) throw new Error('operation missing');
      const outcome = await sendDuringChange(op, investor, 'deactivated');
      expect(outcome).toEqual({ parked: true, status: 403, code: 'ACCESS_CHANGED', changed: [] });
    }
  });

  it('lets the write stand when the change of standing is rolled back (the lock, not a guess, decides)', async () => {
    const investor = world.roles.investorA;
    const holder = await t.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('UPDATE users SET is_active = false WHERE id = $1', [investor.userId]);
      let done = false;
      const pending = investor.client
        .post('/api/deposits', { methodId: world.ids.methodId, amount: '12.34' })
        .finally(() => {
          done = true;
        });
      await vi.waitFor(
        async () => {
          if (done || !(await someoneWaits(holder))) throw new Error('not parked');
        },
        { timeout: 10_000, interval: 2 },
      );
      await holder.query('ROLLBACK');
      const response = await pending;
      expect(response.statusCode).toBe(201);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      holder.release();
    }
  });

  it('refuses a deposit whose body is held open while the account is deactivated and signed out', async () => {
    const investor = world.roles.investorA;
    const admin = world.roles.admin;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    // The session's last use a few minutes ago: the request's read of its actor writes it, which
    // tells the test the read is done.
    t.clock.advance(5 * 60_000);
    const readAt = t.clock.now();
    const before = await snapshot();
    const body = JSON.stringify({ methodId: world.ids.methodId, amount: '77.00' });
    const cookie = [...investor.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = net.connect(address.port, '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('data', () => {
        if (text.includes('\r\n\r\n{') && text.trimEnd().endsWith('}')) socket.end();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', (e) => resolve(`error ${String(e)} ${text}`));
    });
    socket.write(
      `POST /api/deposits HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: http://localhost:3000\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n` +
        `Cookie: ${cookie}\r\n${CSRF_HEADER}: ${investor.client.cookies.get(CSRF_COOKIE) ?? ''}\r\n\r\n` +
        body.slice(0, 1),
    );
    await vi.waitFor(
      async () => {
        const seen = await t.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND last_seen_at >= $2`,
          [investor.userId, readAt],
        );
        if ((seen.rows[0]?.n ?? 0) === 0) throw new Error('not read yet');
      },
      { timeout: 10_000, interval: 5 },
    );
    // While the body is on its way: deactivated, then every session signed out.
    expect(
      (await admin.client.post(`/api/admin/users/${investor.userId}/deactivate`, {})).statusCode,
    ).toBe(200);
    expect(
      (await admin.client.post(`/api/admin/users/${investor.userId}/revoke-sessions`, {}))
        .statusCode,
    ).toBe(200);
    socket.write(body.slice(1));
    const raw = await answer;
    // The session ended before the write: 401, and the deposit was never recorded.
    expect(raw).toMatch(/^HTTP\/1\.1 401 /);
    expect(raw).toContain('"UNAUTHENTICATED"');
    const after = await snapshot();
    // Only the deactivation itself (its audit entry, the user row, the overview's count of users
    // by state) and the session's end changed.
    expect(
      changedTables(before, after).filter(
        (table) => !['users', 'audit_log', 'overview_totals'].includes(table),
      ),
    ).toEqual([]);
  });
});
