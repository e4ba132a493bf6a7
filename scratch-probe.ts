import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, keepAliveAgent } from './bench/lib/http';
import { createCluster, freePort } from './bench/lib/pg';
import { seedUsers } from './bench/lib/seed';
import { startServer } from './bench/lib/server';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-'));
const cluster = await createCluster({ tag: 'probe' });
await cluster.createDatabase('nestrado');
const dbUrl = cluster.url('nestrado');
const server = await startServer({
  databaseUrl: dbUrl, port: await freePort(), dataDir: path.join(tmp, 'data'), logFile: path.join(tmp, 'server.log'),
  ...(process.env.PROBE_PROF ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.join('/tmp/probe-prof')}`] } : {}),
  env: { WEB_CONCURRENCY: '2', ...(process.env.PROBE_LOG ? { LOG_LEVEL: process.env.PROBE_LOG } : {}) },
});
const users = await seedUsers(dbUrl, 'p', 8);
const agent = keepAliveAgent(64);
const clients = users.map((u) => new ApiClient(server.baseUrl, u.sid, agent));
for (const route of (process.env.PROBE_ROUTES ?? '/api/health,/api/plans,/api/auth/me,/api/transactions?limit=20,/api/account/summary,/api/trades/current').split(',')) {
  let ops = 0; const end = performance.now() + 6000;
  await Promise.all(clients.map(async (c) => { while (performance.now() < end) { const r = await c.get(route); if (r.status !== 200) throw new Error(`${route} ${r.status} ${r.body.slice(0,100)}`); ops++; } }));
  console.log(route.padEnd(30), (ops / 6).toFixed(0), 'req/s');
}
await server.stop(); cluster.stop(); cluster.destroy(); process.exit(0);
