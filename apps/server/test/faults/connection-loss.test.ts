import type pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { eventually } from '@app/shared/test/eventually';
import { createPool } from '../../src/db/client';
import { createRealtime } from '../../src/realtime/realtime';

/** Found by the fault tests (`npm run test:faults`): PostgreSQL going away must not kill the server. */
const url = inject('pgBaseUrl');
const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end().catch(() => {})));
});

describe('losing the database connection', () => {
  it('a connection dying while checked out of the pool is not an unhandled error', async () => {
    const pool = createPool(url, 2);
    pools.push(pool);
    const client = await pool.connect();
    // What pg does when the socket dies mid-query: the query fails and the client emits 'error'.
    expect(() => client.emit('error', new Error('read ECONNRESET'))).not.toThrow();
    client.release(true);
    const result = await pool.query<{ ok: number }>('SELECT 1 AS ok');
    expect(result.rows[0]?.ok).toBe(1);
  });

  it('the realtime listener comes back after its connection is killed', async () => {
    const hub = createRealtime({ databaseUrl: url, log: pino({ level: 'silent' }) });
    await hub.ready;
    const received: string[] = [];
    const socket = {
      readyState: 1,
      OPEN: 1,
      send: (m: string) => received.push(m),
      close: () => {},
    };
    hub.authorizeWith((sessionIds) =>
      Promise.resolve(new Map(sessionIds.map((id) => [id, ['public']]))),
    );
    hub.add({
      socket: socket as never,
      channels: new Set(['public']),
      sessionId: 'session-1',
      userId: 'user-1',
    });
    const admin = createPool(url, 1);
    pools.push(admin);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE query LIKE 'LISTEN realtime_events%' AND pid <> pg_backend_pid()`,
    );
    // Published again on every try: the hub's listener comes back after the cut.
    await eventually(
      () => {
        hub.publish('public', { type: 'payment_methods.changed' });
        return received.some((m) => m.includes('"payment_methods.changed"'));
      },
      { timeout: 10_000, interval: 200 },
    );
    await hub.close();
  });
});
