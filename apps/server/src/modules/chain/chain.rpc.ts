import {
  BlockNotFoundError,
  createPublicClient,
  http,
  parseAbiItem,
  type Address,
  type Hash,
  type PublicClient,
} from 'viem';
import type { ChainNetwork } from './chain.config';

/**
 * What the watcher asks of a network's JSON-RPC node, and nothing else: the head, a block's hash
 * by number (is it still canonical?), the finality tag's block, and the ERC-20 Transfer logs of
 * one token in a bounded range. viem's HTTP transport retries a failed call (3 times, backing
 * off) and times out after 10 s; a call that still fails throws, the pass stops, and the next
 * one resumes from the cursor.
 */

export const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

export interface TransferLog {
  txHash: Hash;
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hash;
  from: Address;
  to: Address;
  value: bigint;
}

export interface ChainRpc {
  chainId(): Promise<number>;
  head(): Promise<bigint>;
  /** The canonical block's hash at `number`; null when the node has no such block yet. */
  blockHash(number: bigint): Promise<Hash | null>;
  /** The block number under the `finalized` or `safe` tag. */
  taggedBlock(tag: 'finalized' | 'safe'): Promise<bigint>;
  transferLogs(token: Address, from: bigint, to: bigint): Promise<TransferLog[]>;
}

export function connectRpc(network: Pick<ChainNetwork, 'rpcUrl'>): ChainRpc {
  const client: PublicClient = createPublicClient({
    transport: http(network.rpcUrl, { timeout: 10_000, retryCount: 3 }),
  });
  return {
    chainId: () => client.getChainId(),
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    blockHash: async (number) => {
      try {
        return (await client.getBlock({ blockNumber: number })).hash;
      } catch (error) {
        if (error instanceof BlockNotFoundError) return null;
        throw error;
      }
    },
    taggedBlock: async (tag) => (await client.getBlock({ blockTag: tag })).number,
    transferLogs: async (token, from, to) => {
      const logs = await client.getLogs({
        address: token,
        event: TRANSFER_EVENT,
        fromBlock: from,
        toBlock: to,
        strict: true,
      });
      return logs.flatMap((log) =>
        log.removed
          ? []
          : [
              {
                txHash: log.transactionHash,
                logIndex: log.logIndex,
                blockNumber: log.blockNumber,
                blockHash: log.blockHash,
                from: log.args.from,
                to: log.args.to,
                value: log.args.value,
              },
            ],
      );
    },
  };
}
