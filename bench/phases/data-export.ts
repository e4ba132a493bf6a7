import { fmt, log, record } from '../figures';
import { downloadExport, fillOwnTransactions, retainedWhileExporting } from '../lib/data-export';
import { ApiClient } from '../lib/http';
import { smallAndLargeAccounts } from '../lib/seed';
import type { Databases, Site } from '../run';
import { exposeGc } from './measure';

/** "Download my data" for a small and a large account: time, memory, the event loop held. */
export async function dataExportPhase(
  { dbUrl }: Databases,
  { base, agent, server }: Site,
): Promise<void> {
  // The same sizes in both modes: the review's 100,000 rows against 1,000 (issue 38, 8b).
  const [small, large] = [1_000, 100_000];
  log(`data-export: "Download my data" with ${small} and ${large} transactions`);
  const accounts = await smallAndLargeAccounts(dbUrl, 'export', [small, large]);
  const gc = exposeGc();
  const runs = [];
  const retained: number[] = [];
  for (const [owner, rows] of accounts) {
    await fillOwnTransactions(dbUrl, owner.id, rows);
    const reader = new ApiClient(base, owner.sid, agent, 300_000);
    const run = await downloadExport(reader, server.child.pid!, rows);
    runs.push(run);
    record(
      `data-export/${rows}-seconds`,
      fmt(run.seconds, 2),
      `(${fmt(run.megabytes, 1)} MiB of JSON)`,
    );
    record(`data-export/${rows}-peak-rss-growth-mb`, fmt(run.peakRssGrowthMb, 1));
    record(`data-export/${rows}-healthz-max-ms`, fmt(run.healthzMaxMs, 0), '(event loop held)');
    const heap = await retainedWhileExporting(dbUrl, owner.id, gc);
    retained.push(heap.retainedMb);
    record(
      `data-export/${rows}-retained-heap-mb`,
      fmt(heap.retainedMb, 2),
      `(${heap.chunks} chunks)`,
    );
  }
  record(
    'data-export/memory-large-over-small',
    fmt(retained[1]! / Math.max(retained[0]!, 0.5), 2),
    `(heap kept while exporting, ${large} vs ${small} rows; target <= 1.5)`,
  );
  record(
    'data-export/rss-large-over-small',
    fmt(runs[1]!.peakRssGrowthMb / Math.max(runs[0]!.peakRssGrowthMb, 1), 2),
    `(peak RSS growth of the server, ${large} vs ${small} rows)`,
  );
}
