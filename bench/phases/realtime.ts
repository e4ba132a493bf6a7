import pg from 'pg';
import { WebSocket } from 'ws';
import { fmt, log, record } from '../figures';
import { closeAll, connectMany, measureFanout } from '../lib/realtime';
import { seedUsers } from '../lib/seed';
import { freePort } from '../lib/pg';
import { CFG } from '../options';
import { owned, type Databases, type Site } from '../run';
import { startScript } from './measure';

/** Events fanned out to many sockets by the product, against a bare WebSocket server. */
export async function realtimePhase({ dbUrl }: Databases, { port }: Site): Promise<void> {
  // Five sockets per session at most: an instance closes the oldest beyond that (1008). With 20
  // per session, from 2026-11-23 on, all but five of each were closed and the phase measured a
  // few hundred deliveries a second to the 5 % still open.
  const wsUsers = await seedUsers(dbUrl, 'ws', CFG.wsUsers);
  log(`realtime: ${CFG.wsClients} sockets over ${CFG.wsUsers} users`);
  const wsUrl = `ws://127.0.0.1:${port}/realtime`;
  const sockets = await connectMany(wsUrl, CFG.wsClients, (i) => ({
    cookie: `sid=${wsUsers[i % wsUsers.length]!.sid}`,
  }));
  // A socket the product closes during the phase makes the figure meaningless: counted, printed.
  let dropped = 0;
  for (const socket of sockets) socket.once('close', () => (dropped += 1));
  const notify = new pg.Pool({ connectionString: dbUrl, max: 2 });
  const product = await measureFanout(
    sockets,
    async (data) => {
      await notify.query("SELECT pg_notify('realtime_events', $1)", [
        JSON.stringify({ channel: 'public', event: { type: 'bench', data }, from: 'bench' }),
      ]);
    },
    { window: 2, maxEvents: CFG.wsMaxEvents, seconds: CFG.wsSeconds },
  );
  await notify.end();
  const droppedByProduct = dropped;
  closeAll(sockets);
  log(`  product: ${JSON.stringify(product)}`);

  const barePort = await freePort();
  const bare = await startScript('bench/bare-ws-server.ts', [String(barePort)]);
  owned.bare = bare;
  const bareSockets = await connectMany(`ws://127.0.0.1:${barePort}/`, CFG.wsClients, () => ({}));
  const control = new WebSocket(`ws://127.0.0.1:${barePort}/control`);
  await new Promise((resolve) => control.once('open', resolve));
  const baseline = await measureFanout(
    bareSockets,
    (data) => control.send(JSON.stringify({ type: 'bench', data })),
    { window: 2, maxEvents: CFG.wsMaxEvents, seconds: CFG.wsSeconds },
  );
  control.terminate();
  closeAll(bareSockets);
  bare.kill('SIGTERM');
  owned.bare = undefined;
  log(`  bare ws: ${JSON.stringify(baseline)}`);
  record(
    'realtime/deliveries-per-s',
    fmt(product.deliveriesPerSecond, 0),
    `(${product.clients} sockets, p50 ${product.p50Ms} ms)`,
  );
  record(
    'realtime/bare-deliveries-per-s',
    fmt(baseline.deliveriesPerSecond, 0),
    `(p99 ${baseline.p99Ms} ms)`,
  );
  record(
    'realtime/bare-ws',
    fmt(product.deliveriesPerSecond / baseline.deliveriesPerSecond, 3),
    'target >= 0.7',
  );
  record('realtime/p99-ms', String(product.p99Ms), 'target < 500');
  record(
    'realtime/sockets-dropped',
    String(droppedByProduct),
    '(sockets the product closed during the phase; must be 0)',
  );
}
