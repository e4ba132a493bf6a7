import { fmt, log, record } from '../figures';
import { LEDGER_CLIENTS, runLedgerPhase, tpcbByClients } from '../lib/ledger';
import type { PgCluster } from '../lib/pg';
import { CFG } from '../options';

/**
 * The posting function alone, before the ledger hot-path migration (0016) and now, over TPC-B at
 * the same client counts (see lib/ledger.ts).
 */
export async function ledgerPhase(pgCluster: PgCluster, dir: string) {
  log(`ledger: posting function, ${CFG.ledgerSeconds} s per run`);
  const figures = await runLedgerPhase(
    pgCluster,
    [{ label: 'before', upTo: '0015_strategy_per_unit.sql' }, { label: 'now' }],
    CFG.ledgerSeconds,
    dir,
    log,
  );
  const tpcb = await tpcbByClients(pgCluster, CFG.ledgerSeconds);
  const before = figures.get('before')!;
  const now = figures.get('now')!;
  for (const clients of LEDGER_CLIENTS) {
    record(`ledger/tpcb-tps-c${clients}`, fmt(tpcb[clients]!, 1));
    for (const scenario of ['cold', 'hot'] as const) {
      const was = before[scenario][clients]!;
      const is = now[scenario][clients]!;
      record(
        `ledger/post-entry-tps/${scenario}-c${clients}`,
        fmt(is, 1),
        `(before 0016: ${fmt(was, 1)}, ${fmt(is / was, 2)}x)`,
      );
      record(
        `ledger/post-entry-over-tpcb/${scenario}-c${clients}`,
        fmt(is / tpcb[clients]!, 3),
        `(before 0016: ${fmt(was / tpcb[clients]!, 3)})`,
      );
    }
  }
  for (const [key, name] of [
    ['walBytes', 'wal-bytes'],
    ['walRecords', 'wal-records'],
    ['plpgsqlCalls', 'plpgsql-calls'],
  ] as const) {
    record(
      `ledger/${name}-per-hot-entry`,
      fmt(now.perEntry[key], 1),
      `(before 0016: ${fmt(before.perEntry[key], 1)})`,
    );
  }
  const hold = (tps: number) => fmt(1e6 / tps, 0);
  record(
    'ledger/hot-lock-hold-us',
    hold(now.hot[32]!),
    `(1 / hot tps at 32 clients; before 0016: ${hold(before.hot[32]!)})`,
  );
  record(
    'ledger/audit-problems',
    String(before.auditProblems + now.auditProblems),
    '(ledger audit of the current schema after its runs; must be 0)',
  );
}
