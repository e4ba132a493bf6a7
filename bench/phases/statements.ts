import { fmt, log, record } from '../figures';
import { ApiClient } from '../lib/http';
import { smallAndLargeAccounts } from '../lib/seed';
import { bookMovements, downloadStatement, retainedWhileStreaming } from '../lib/statements';
import { CFG } from '../options';
import type { Databases, Site } from '../run';
import { exposeGc } from './measure';

/** Statements (CSV and PDF) of a small and a large account: time, and memory as rows grow. */
export async function statementsPhase(
  { dbUrl }: Databases,
  { base, agent, server }: Site,
): Promise<void> {
  const [small, large] = CFG.statementRows as [number, number];
  log(`statements: CSV of ${small} and ${large} movements, PDF of ${small}`);
  const accounts = await smallAndLargeAccounts(dbUrl, 'stmt', [small, large]);
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const runs = [];
  for (const [owner, rows] of accounts) {
    await bookMovements(dbUrl, owner.id, rows);
    const reader = new ApiClient(base, owner.sid, agent, 300_000);
    const pid = server.child.pid!;
    const csv = await downloadStatement(reader, pid, rows, 'csv', day(-30), day(0));
    runs.push(csv);
    if (rows === small)
      runs.push(await downloadStatement(reader, pid, rows, 'pdf', day(-30), day(0)));
  }
  for (const run of runs) {
    record(
      `statements/${run.format}-${run.rows}-seconds`,
      fmt(run.seconds, 2),
      `(${fmt(run.bytes / 2 ** 20, 1)} MiB)`,
    );
    record(`statements/${run.format}-${run.rows}-peak-rss-growth-mb`, fmt(run.peakRssGrowthMb, 1));
  }
  // What a statement retains while it streams: the same service in this process, the heap after
  // a full collection every 2 chunks (RSS above also counts garbage not yet collected).
  const gc = exposeGc();
  const retained: number[] = [];
  for (const [owner, rows] of accounts) {
    const heap = await retainedWhileStreaming(dbUrl, owner.id, day(-30), day(0), gc);
    retained.push(heap.retainedMb);
    record(
      `statements/csv-${rows}-retained-heap-mb`,
      fmt(heap.retainedMb, 2),
      `(${heap.chunks} chunks)`,
    );
  }
  record(
    'statements/csv-retained-large-over-small',
    fmt(retained[1]! / Math.max(retained[0]!, 0.5), 2),
    `(heap kept while streaming, ${large} vs ${small} rows; flat is about 1)`,
  );
  const [smallCsv, , largeCsv] = runs;
  record(
    'statements/csv-memory-large-over-small',
    fmt(largeCsv!.peakRssGrowthMb / Math.max(smallCsv!.peakRssGrowthMb, 1), 2),
    `(peak RSS growth, ${large} vs ${small} rows; flat is about 1)`,
  );
}
