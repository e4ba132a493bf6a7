import { createTestClient, http, type Address } from 'viem';
import { parseChainRails, type ChainRails, type ChainRailsInput } from '../chain.config';
import { deployDemoUsdc } from './demo-usdc';
import { startDevChain, type DevChain, type DevChainOptions } from './dev-chain';

/**
 * The rails with nothing configured (`npm start` in development): the development chain, the
 * demo USDC deployed on it, and one network that watches it. The caller refuses this under
 * NODE_ENV=production, as it refuses the simulated market.
 */

/**
 * The account xpub m/44'/60'/1' of the development mnemonic: deposit addresses apart from the
 * chain's funded accounts (m/44'/60'/0'/0/i), which deploy and mint.
 */
export const DEV_ACCOUNT_XPUB =
  'xpub6Ce9NcJvTk372KjsGfWqbcex5DumjpNquQLApoeQUavSCjEc823BV1tb4rXUuPuht8h2hSxkg2EXUaKUJmniJvRZAELxypsCzBFdtosmV76';
export const DEV_NETWORK_KEY = 'dev';
export const DEV_CONFIRMATIONS = 3;

export interface DevRails {
  chain: DevChain;
  usdc: Address;
  rails: ChainRails;
  /** The settings the rails were parsed from (handed to the workers of a multi-process start). */
  input: ChainRailsInput;
}

/** The one network watching the development chain and its demo USDC. */
export function devRailsInput(chain: { rpcUrl: string; chainId: number }, usdc: Address) {
  return {
    networks: [
      {
        key: DEV_NETWORK_KEY,
        name: 'Development chain',
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        confirmations: DEV_CONFIRMATIONS,
        xpub: DEV_ACCOUNT_XPUB,
        startBlock: 0,
        tokens: [{ symbol: 'USDC', contract: usdc, decimals: 6, minimum: '1000000', usdRate: '1' }],
      },
    ],
  } satisfies ChainRailsInput;
}

export async function startDevRails(options: DevChainOptions = { blockTimeSeconds: 2 }) {
  // A block per transaction while the contract deploys (no wait for the first interval block),
  // then a block every N seconds as asked.
  const { blockTimeSeconds, ...rest } = options;
  const chain = await startDevChain(rest);
  try {
    const usdc = await deployDemoUsdc(chain);
    if (blockTimeSeconds !== undefined) {
      await createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) }).setIntervalMining({
        interval: blockTimeSeconds,
      });
    }
    const input = devRailsInput(chain, usdc);
    return { chain, usdc, rails: parseChainRails(input), input } satisfies DevRails;
  } catch (error) {
    await chain.stop();
    throw error;
  }
}
