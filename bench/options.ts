import os from 'node:os';

/**
 * The command line of `npm run bench`: `--quick` (smaller and shorter), `--only=a,b` (those phases,
 * nothing appended to RESULTS.md), `--cpu-prof` (profile the product, keep its files),
 * `--statements` (print the statements each load phase ran most often).
 */
export const quick = process.argv.includes('--quick');
export const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
export const profile = process.argv.includes('--cpu-prof');
/** Print the statements each load phase ran most often (where the database work goes). */
export const showStatements = process.argv.includes('--statements');
export const CFG = quick
  ? {
      clients: 8,
      loadSeconds: 12,
      pgbenchSeconds: 10,
      wsClients: 2000,
      wsUsers: 400,
      wsSeconds: 8,
      wsMaxEvents: 400,
      listBig: 200_000,
      listRounds: 150,
      lighthouse: false,
      cascadeCopies: 2_000,
      ledgerSeconds: 5,
      statementRows: [2_000, 20_000],
      perKindRequests: 10,
      // The scale phase's platform (issue 43) at one tenth.
      scale: { users: 10_000, strategies: 1_000, copies: 100_000, transactions: 1_000_000 },
    }
  : {
      clients: 8,
      loadSeconds: 45,
      pgbenchSeconds: 30,
      wsClients: 10_000,
      wsUsers: 2000,
      wsSeconds: 25,
      wsMaxEvents: 3000,
      listBig: 10_000_000,
      listRounds: 400,
      lighthouse: true,
      cascadeCopies: 10_000,
      ledgerSeconds: 15,
      statementRows: [10_000, 100_000],
      perKindRequests: 60,
      scale: { users: 100_000, strategies: 10_000, copies: 1_000_000, transactions: 10_000_000 },
    };
export const want = (name: string) => !only || only.includes(name);
// The product runs one worker process per core but one, leaving PostgreSQL (on this machine) a
// core, as docs/deploy.md advises (pgbench gets -j 2).
export const workers = Number(process.env.WEB_CONCURRENCY ?? Math.max(1, os.cpus().length - 1));
