import type { AppContext } from '../../context';
import type { ChainRails } from './chain.config';
import { connectRpc, type ChainRpc } from './chain.rpc';
import * as repo from './chain.repo';
import { watchOnce, type SettleSummary, type TokenWatch } from './watcher.service';

/**
 * The watchers of every configured network and token, run in passes: each pass scans each
 * watch to the head and settles its open transfers. An RPC failure ends that watch's pass, is
 * recorded in its status (for /readyz, /metrics and the admins), and the next pass resumes from
 * the cursor: nothing is lost, crediting only pauses. Passes never overlap within an instance;
 * several instances may run at once (the watcher is safe against that).
 */

export interface WatcherStatus {
  network: string;
  token: string;
  /** The last block scanned (null before the first scan). */
  cursorBlock: bigint | null;
  /** The head when the pass ended (null if the node never answered). */
  head: bigint | null;
  /** When a pass last completed for this watch. */
  lastPassAt: Date | null;
  /** The last pass's failure, cleared by the next that completes. */
  lastError: string | null;
  lastSettled: SettleSummary | null;
  /** Transfers this instance credited since it started (the metrics' counter). */
  creditedTotal: number;
}

/** head − cursor at the last pass (0 when the cursor is ahead of a lagging node); null before it. */
export function blocksBehind(status: Pick<WatcherStatus, 'head' | 'cursorBlock'>): number | null {
  const { head, cursorBlock } = status;
  if (head === null || cursorBlock === null) return null;
  return Number(head > cursorBlock ? head - cursorBlock : 0n);
}

export interface ChainRuntime {
  /** One pass over every watch (the tests and the scheduler call it). */
  runOnce(): Promise<WatcherStatus[]>;
  /** Passes every `intervalMs` until stop(). */
  start(intervalMs: number): void;
  /** Stops the loop; resolves when a pass under way has ended. */
  stop(): Promise<void>;
  statuses(): WatcherStatus[];
}

export function createChainRuntime(ctx: AppContext, rails: ChainRails): ChainRuntime {
  const watches = rails.networks.flatMap((network) => {
    const rpc = connectRpc(network);
    return network.tokens.map((token): TokenWatch => ({ network, token, rpc }));
  });
  const status = new Map<TokenWatch, WatcherStatus>(
    watches.map((watch) => [
      watch,
      {
        network: watch.network.key,
        token: watch.token.symbol,
        cursorBlock: null,
        head: null,
        lastPassAt: null,
        lastError: null,
        lastSettled: null,
        creditedTotal: 0,
      },
    ]),
  );
  /** Networks whose RPC answered with the configured chain id (checked once). */
  const checked = new Set<ChainRpc>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  async function runOnce() {
    for (const watch of watches) await runPass(ctx, watch, status.get(watch), checked);
    return statuses();
  }

  function statuses() {
    return [...status.values()].map((s) => ({ ...s }));
  }

  function schedule(intervalMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
    }, intervalMs);
  }

  return {
    runOnce,
    statuses,
    start(intervalMs) {
      stopped = false;
      schedule(intervalMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * One watch's pass: the chain id checked once per RPC, the scan and the settling, then its status
 * (or its error, logged; the next pass resumes from the cursor).
 */
async function runPass(
  ctx: AppContext,
  watch: TokenWatch,
  current: WatcherStatus | undefined,
  checked: Set<ChainRpc>,
) {
  if (!current) return;
  try {
    if (!checked.has(watch.rpc)) {
      const chainId = await watch.rpc.chainId();
      if (chainId !== watch.network.chainId) {
        throw new Error(
          `${watch.network.key}: the RPC answers chain id ${chainId}, not ${watch.network.chainId}`,
        );
      }
      checked.add(watch.rpc);
    }
    const { settled } = await watchOnce(ctx, watch, { lastHead: current.head });
    current.creditedTotal += settled.credited;
    const cursor = await repo.readCursor(ctx.db, watch.network.key, watch.token.contract);
    Object.assign(current, {
      cursorBlock: cursor?.blockNumber ?? null,
      head: await watch.rpc.head(),
      lastPassAt: ctx.clock.now(),
      lastError: null,
      lastSettled: settled,
    });
  } catch (error) {
    current.lastError = withoutUrlPaths(error instanceof Error ? error.message : String(error));
    ctx.log.warn(
      { err: error, network: watch.network.key, token: watch.token.symbol },
      'chain watcher pass failed; it resumes from its cursor',
    );
  }
}

/**
 * An RPC error's text with each URL cut to its origin: providers put the API key in the path
 * (`https://eth-mainnet.example.com/v2/<key>`), and the status reaches the staff's screens.
 */
export function withoutUrlPaths(text: string): string {
  return text.replace(/(https?:\/\/[^/\s"'<>]+)[^\s"'<>]*/g, '$1/…');
}
