/**
 * `npm run bench [-- --quick]`: the measured half of the "Proof" issue. Starts its own PostgreSQL
 * (Debian binaries, temp dir, free loopback port) and the product against it as a child process,
 * measures, prints a table ending in `name = value` lines and appends them to bench/RESULTS.md.
 * Every load loop is bounded in count and time; every process started here is stopped on exit.
 * Each phase is a module of phases/; options.ts reads the command line.
 */
import { report } from './figures';
import { cascadePhase } from './phases/cascade';
import { dataExportPhase } from './phases/data-export';
import { buildFrontend, frontendPhase } from './phases/frontend';
import { ledgerPhase } from './phases/ledger';
import { listScalePhase } from './phases/list-scale';
import { moneyPhase } from './phases/money';
import { railsPhase } from './phases/rails';
import { readsPhase } from './phases/reads';
import { scalePhase } from './phases/scale';
import { realtimePhase } from './phases/realtime';
import { statementsPhase } from './phases/statements';
import { only, quick, want } from './options';
import { cleanUpOnExit, owned, startDatabases, startSite, webBuildDir } from './run';

async function main() {
  cleanUpOnExit();
  const databases = await startDatabases();
  if (want('ledger')) await ledgerPhase(databases.cluster, databases.tmp);

  const webDir = want('frontend') ? webBuildDir() : undefined;
  const frontend = webDir ? buildFrontend(webDir) : undefined;
  const site = await startSite(databases, webDir);
  if (want('money')) await moneyPhase(databases, site);
  if (want('reads')) await readsPhase(databases, site);
  if (want('cascade')) await cascadePhase(databases);
  if (want('rails')) await railsPhase(databases);
  if (want('realtime')) await realtimePhase(databases, site);
  if (want('statements')) await statementsPhase(databases, site);
  if (want('data-export')) await dataExportPhase(databases, site);
  if (want('list')) await listScalePhase(databases, site);
  if (want('scale')) await scalePhase(databases);
  if (frontend) await frontendPhase(site, frontend);

  await site.server.stop();
  owned.server = undefined;
  report(quick ? 'quick' : 'full', !only);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
