/**
 * The crypto rails phase: 1,000 investors each get their deposit address on the development
 * chain (anvil from npm, the demo USDC deployed), and 1,000 transfers reach them over 100 blocks
 * (10 per block, one `transferMany` each) while blocks are mined on a timer and the product's
 * chain watcher runs in this process against the phase's own database, passing once per block
 * time (the development ratio: a 2 s pass for a 2 s block). Measured: in blocks, how long after a
 * transfer reached its confirmations it was credited (the head after the crediting pass −
 * (its block + confirmations − 1): an upper bound), and how fast a cold scan reads the range back.
 */
import { sql } from 'drizzle-orm';
import { createTestClient, http, type Address } from 'viem';
import type { AppContext } from '../../apps/server/src/context';
import {
  connectRpc,
  depositAddressOf,
  deployDemoUsdc,
  devRailsInput,
  parseChainRails,
  scanToHead,
  startDevChain,
  transferManyDemoUsdc,
  watchOnce,
  type TokenWatch,
} from '../../apps/server/src/modules/chain';
import { auditLedger } from '../../apps/server/src/modules/ledger/ledger.audit';
import { bulkInvestors } from '../../apps/server/test/copy-trading-setup';
import { productContext } from './product-context';

export interface RailsResult {
  transfers: number;
  credited: number;
  blocks: number;
  lagBlocks: number[];
  scanBlocks: number;
  scanSeconds: number;
  seconds: number;
  auditProblems: number;
}

export interface RailsOptions {
  users: number;
  blocksWithTransfers: number;
  blockMs: number;
  /** The most blocks one eth_getLogs asks for in the cold rescan (an RPC provider's limit). */
  rescanBlocksPerCall: number;
  /** The phase's bound on the whole run. */
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function creditedBlocks(ctx: AppContext) {
  const rows = await ctx.db.execute<{ id: string; block_number: string }>(
    sql`SELECT id, block_number::text FROM chain_transfers WHERE status = 'credited'`,
  );
  return rows.rows;
}

type DevChain = Awaited<ReturnType<typeof startDevChain>>;

/** The demo USDC deployed, one watch on it from the head now, and the investors' addresses. */
async function railsFor(ctx: AppContext, chain: DevChain, users: number) {
  const usdc = await deployDemoUsdc(chain);
  const rpc = connectRpc(chain);
  const first = devRailsInput(chain, usdc).networks[0];
  if (!first) throw new Error('no development network');
  const startBlock = Number(await rpc.head());
  const [network] = parseChainRails({ networks: [{ ...first, startBlock }] }).networks;
  const token = network?.tokens[0];
  if (!network || !token) throw new Error('no development token');
  const watch: TokenWatch = { network, token, rpc };
  const addresses: Address[] = [];
  for (const investor of await bulkInvestors(ctx, users, 100n)) {
    addresses.push((await depositAddressOf(ctx, network, investor.id)).address);
  }
  return { usdc, watch, startBlock, addresses };
}

/**
 * Blocks mined on a timer, the transfers sent in batches, and the watcher passing once per block
 * time until every transfer is credited (or the deadline): each credit's lag in blocks.
 */
async function creditWhileMining(
  ctx: AppContext,
  chain: DevChain,
  rails: Awaited<ReturnType<typeof railsFor>>,
  options: RailsOptions,
) {
  const { usdc, watch, addresses } = rails;
  const node = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) });
  await node.setAutomine(false);
  const started = performance.now();
  const deadline = started + options.timeoutMs;
  let sending = true;
  const miner = (async () => {
    while (
      performance.now() < deadline &&
      (sending || (await creditedBlocks(ctx)).length < addresses.length)
    ) {
      await node.mine({ blocks: 1 });
      await sleep(options.blockMs);
    }
  })();
  const perBlock = Math.ceil(addresses.length / options.blocksWithTransfers);
  const sender = (async () => {
    for (let from = 0; from < addresses.length; from += perBlock) {
      const batch = addresses.slice(from, from + perBlock);
      await transferManyDemoUsdc(
        chain,
        usdc,
        batch.map((to, i) => ({ to, amount: 1_000_000n + BigInt(from + i) })),
      );
    }
    sending = false;
  })();

  // The watcher, as the runtime runs it: a pass, then the interval (one block time).
  const lagBlocks: number[] = [];
  const counted = new Set<string>();
  let lastHead: bigint | null = null;
  while (performance.now() < deadline && counted.size < addresses.length) {
    await watchOnce(ctx, watch, { lastHead });
    lastHead = await watch.rpc.head();
    for (const row of await creditedBlocks(ctx)) {
      if (counted.has(row.id)) continue;
      counted.add(row.id);
      const confirmedAt = BigInt(row.block_number) + BigInt(watch.network.confirmations) - 1n;
      lagBlocks.push(Number(lastHead - confirmedAt));
    }
    await sleep(options.blockMs);
  }
  sending = false;
  await sender;
  await miner;
  return { lagBlocks, credited: counted.size, seconds: (performance.now() - started) / 1000 };
}

/** A cold rescan of the whole range: the cursor back at the start, read in provider-sized calls. */
async function coldRescan(
  ctx: AppContext,
  watch: TokenWatch,
  startBlock: number,
  blocksPerCall: number,
): Promise<number> {
  const rescan: TokenWatch = {
    ...watch,
    network: { ...watch.network, maxBlocksPerScan: blocksPerCall },
  };
  const startHash = await watch.rpc.blockHash(BigInt(startBlock));
  await ctx.db.execute(
    sql`UPDATE chain_scan_cursors SET block_number = ${startBlock}, block_hash = ${startHash}
         WHERE network = ${watch.network.key}`,
  );
  const started = performance.now();
  await scanToHead(ctx, rescan, 100_000);
  return (performance.now() - started) / 1000;
}

export async function runRails(
  databaseUrl: string,
  options: RailsOptions,
  log: (line: string) => void,
): Promise<RailsResult> {
  const chain = await startDevChain({});
  const { ctx, close } = await productContext(databaseUrl, 'rails');
  try {
    const rails = await railsFor(ctx, chain, options.users);
    log(`rails: ${rails.addresses.length} deposit addresses; blocks every ${options.blockMs} ms`);
    const run = await creditWhileMining(ctx, chain, rails, options);
    const blocks = Number(await rails.watch.rpc.head()) - rails.startBlock;
    const scanSeconds = await coldRescan(
      ctx,
      rails.watch,
      rails.startBlock,
      options.rescanBlocksPerCall,
    );
    return {
      transfers: rails.addresses.length,
      credited: run.credited,
      blocks,
      lagBlocks: run.lagBlocks,
      scanBlocks: blocks,
      scanSeconds,
      seconds: run.seconds,
      auditProblems: (await auditLedger(ctx.db)).length,
    };
  } finally {
    await close();
    await chain.stop();
  }
}
