import { fmt, log, record } from '../figures';
import { percentile } from '../lib/http';
import { runRails } from '../lib/rails';
import type { Databases } from '../run';
import { quick } from '../options';

/**
 * The crypto rails (issue 41): 1,000 transfers to 1,000 investors over 100 blocks on the
 * development chain, credited by the chain watcher on the phase's own database.
 */
export async function railsPhase({ cluster }: Databases): Promise<void> {
  await cluster.createDatabase('rails');
  const blockMs = quick ? 200 : 500;
  log(`rails: 1000 transfers to 1000 investors over 100 blocks, a block every ${blockMs} ms`);
  const rails = await runRails(
    cluster.url('rails'),
    {
      users: 1_000,
      blocksWithTransfers: 100,
      blockMs,
      rescanBlocksPerCall: 100,
      timeoutMs: quick ? 180_000 : 600_000,
    },
    log,
  );
  const lags = [...rails.lagBlocks].sort((a, b) => a - b);
  record(
    'rails/credit-lag-blocks-p99',
    fmt(percentile(lags, 99), 0),
    `(max ${lags[lags.length - 1] ?? 'n/a'}; blocks from a transfer's 3rd confirmation to the head after the pass that credited it; ${rails.credited} of ${rails.transfers} credited over ${rails.blocks} blocks in ${fmt(rails.seconds, 0)} s)`,
  );
  record(
    'rails/scan-blocks-per-s',
    fmt(rails.scanBlocks / rails.scanSeconds, 0),
    `(cold rescan of ${rails.scanBlocks} blocks holding ${rails.transfers} transfers, 100 blocks per eth_getLogs)`,
  );
  record('rails/audit', rails.auditProblems === 0 ? 'clean' : `${rails.auditProblems} problems`);
}
