import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { EmbeddedDatabase } from '../src/db/embedded';
import { migrate } from '../src/db/migrate';

export const TEMPLATE_DB = 'nestrado_test_template';

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when given (CI's own server), else an
 * embedded one in a temp dir. A migrated template database is made once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const { startEmbeddedPostgres } = await import('../src/db/embedded');
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nestrado-test-pg-'));
    await fs.chmod(tempDir, 0o755);
    embedded = await startEmbeddedPostgres(tempDir);
    baseUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();

  const templateUrl = withDatabase(baseUrl, TEMPLATE_DB);
  const pool = new pg.Pool({ connectionString: templateUrl, max: 1 });
  await migrate(pool);
  await pool.end();

  project.provide('pgBaseUrl', baseUrl);
  return async () => {
    await embedded?.stop();
    if (embedded && tempDir) {
      // The cluster lives outside the temp dir when PostgreSQL's OS user could not enter it.
      const home = path.dirname(embedded.clusterDir);
      if (home !== tempDir) await fs.rm(home, { recursive: true, force: true });
    }
    if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
  }
}
