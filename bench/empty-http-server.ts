import Fastify from 'fastify';

/**
 * The ceiling for `reads/pgbench-select`: the same HTTP framework on loopback answering a small
 * JSON body with no session, no validation, no database and no logging. No read of the product
 * can be faster than this through the same client.
 */
const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/empty', () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
