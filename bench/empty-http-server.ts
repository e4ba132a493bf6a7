import cluster from 'node:cluster';
import Fastify from 'fastify';

/**
 * The ceiling for `reads/pgbench-select`: the same HTTP framework on loopback, in as many
 * processes as the product runs (argv[3]), answering a small JSON body with no session, no
 * validation, no database and no logging. No read of the product can be faster than this
 * through the same client.
 */
const port = Number(process.argv[2]);
const workers = Number(process.argv[3] ?? 1);
if (cluster.isPrimary && workers > 1) {
  let listening = 0;
  for (let i = 0; i < workers; i += 1) {
    cluster.fork().once('listening', () => {
      listening += 1;
      if (listening === workers) process.stdout.write('ready\n');
    });
  }
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const app = Fastify({ logger: false });
  app.get('/empty', () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port });
  if (cluster.isPrimary) process.stdout.write('ready\n');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
