import fs from 'node:fs';
import type { Address } from 'viem';
import { ConfigError, type Config } from '../../config';
import {
  ChainConfigError,
  parseChainRails,
  type ChainRails,
  type ChainRailsInput,
} from './chain.config';
import type { ChainRuntime } from './chain.runtime';
import { DEV_NETWORK_KEY, startDevRails } from './dev/dev-rails';

/**
 * The crypto rails an instance runs with, as the wiring hands them to the routes and services
 * (buildApp's `chain` option; never a module-level global): the networks and tokens, the
 * watchers' runtime (null in tests that drive the watcher themselves), and whether they are the
 * development chain (its faucet then works).
 */
export interface ChainSetup {
  rails: ChainRails;
  runtime: ChainRuntime | null;
  development: boolean;
  /** The development chain's node and demo USDC: what the faucet mints on. */
  devChain?: DevFaucet;
}

export interface DevFaucet {
  rpcUrl: string;
  chainId: number;
  /** The network key the development rails watch it under. */
  network: string;
  token: Address;
}

/** How often the watchers pass: a development chain mines every 2 s, a real one every 2 to 15. */
export const WATCH_INTERVAL_MS = { development: 2_000, configured: 15_000 } as const;

/** The rails opened at start (before the context exists), with what stops them. */
export interface OpenedRails extends Omit<ChainSetup, 'runtime'> {
  /** The opened rails as text, for the workers of a multi-process start (one chain for all). */
  shared: string;
  intervalMs: number;
  /** Stops the development chain (nothing to stop for configured rails). */
  stop(): Promise<void>;
  stopNow(): void;
  /** One line for the start log: which rails run. */
  summary: string;
}

interface Shared {
  input: ChainRailsInput;
  development: boolean;
  devChain?: DevFaucet;
}

/**
 * CHAIN_RAILS at start: `off` → none; `dev` → the development chain started and its demo USDC
 * deployed; a file → its rails, parsed (a bad file stops the start naming the field, like any
 * bad setting). `shared`: the rails a multi-process start's primary opened, taken as they are.
 */
export async function openChainRails(
  choice: Config['chainRails'],
  shared?: string,
): Promise<OpenedRails | null> {
  if (shared) return opened(JSON.parse(shared) as Shared);
  if (choice === 'off') return null;
  if (choice === 'dev') {
    const dev = await startDevRails();
    const devChain = {
      rpcUrl: dev.chain.rpcUrl,
      chainId: dev.chain.chainId,
      network: DEV_NETWORK_KEY,
      token: dev.usdc,
    };
    return opened({ input: dev.input, development: true, devChain }, dev.chain);
  }
  return opened({ input: readRailsFile(choice.file), development: false });
}

function opened(shared: Shared, node?: { stop(): Promise<void>; stopNow(): void }): OpenedRails {
  const rails = parseChainRails(shared.input);
  const networks = rails.networks.map(
    (network) =>
      `${network.tokens.map((token) => token.symbol).join(', ')} on ${network.name} (${network.confirmations} confirmations)`,
  );
  const where = shared.devChain ? ` at ${shared.devChain.rpcUrl}` : '';
  return {
    rails,
    development: shared.development,
    ...(shared.devChain ? { devChain: shared.devChain } : {}),
    shared: JSON.stringify(shared),
    intervalMs: shared.development ? WATCH_INTERVAL_MS.development : WATCH_INTERVAL_MS.configured,
    stop: async () => node?.stop(),
    stopNow: () => node?.stopNow(),
    summary: `${shared.development ? 'development chain' : 'configured'}${where}: ${networks.join('; ') || 'no network'}`,
  };
}

/** The rails file's settings, or a ConfigError naming the file and every bad field. */
function readRailsFile(file: string): ChainRailsInput {
  const refuse = (problems: string[]) =>
    new ConfigError(problems.map((problem) => `CHAIN_RAILS (${file}) ${problem}`));
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw refuse([code ? `cannot be read (${code})` : 'is not JSON']);
  }
  try {
    parseChainRails(value);
  } catch (error) {
    if (error instanceof ChainConfigError) throw refuse(error.problems);
    throw error;
  }
  return value as ChainRailsInput;
}

/** The setup the app is built with: the opened rails and their watchers' runtime. */
export function chainSetupOf(rails: OpenedRails, runtime: ChainRuntime | null): ChainSetup {
  return {
    rails: rails.rails,
    runtime,
    development: rails.development,
    ...(rails.devChain ? { devChain: rails.devChain } : {}),
  };
}
