import { defineConfig } from 'vitest/config';

/**
 * Pure code (shared, web in happy-dom, server domain/unit) runs without a database; the `server`
 * project holds the integration tests, which run against a real PostgreSQL (embedded, or
 * TEST_DATABASE_URL).
 */
export default defineConfig({
  test: {
    // Two test files at a time. Vitest's default is one fewer than the cores: one on CI's two,
    // which left a core idle while a file waited on PostgreSQL or happy-dom (on two cores, the
    // server suite 247 -> 160 s, the unit projects 103 -> 59 s).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Two cores shared with the server's tests and the browser journeys in CI.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/test/startup/**'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/table-ownership.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // A worker keeps the server's modules loaded from one file to the next: each file
          // builds its own app, database and clock (harness.ts), and the server keeps no state
          // in a module but per-context maps and caches keyed by database ids. Importing the
          // server afresh for every file cost ~1.2 s a file (suite 156 -> 109 s on two cores).
          isolate: false,
        },
      },
      {
        // `npm run test:startup`: the server as child processes on their own embedded PostgreSQL.
        test: {
          name: 'startup',
          include: ['apps/server/test/startup/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
