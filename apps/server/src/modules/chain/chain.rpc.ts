import {
  BlockNotFoundError,
  createPublicClient,
  http,
  parseAbiItem,
  parseEventLogs,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type PublicClient,
} from 'viem';
import type { ChainNetwork } from './chain.config';

/**
 * What the server asks of a network's JSON-RPC node, and nothing else: the head, a block's hash
 * by number (is it still canonical?), the finality tag's block, the ERC-20 Transfer logs of one
 * token in a bounded range (the watcher), and a mined transaction's receipt with its Transfers
 * (a payout's proof, payouts.service). viem's HTTP transport retries a failed call (3 times, backing
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

/** A mined transaction as a payout's proof needs it: did it succeed, where, which ERC-20 Transfers. */
export interface TransferReceipt {
  succeeded: boolean;
  blockNumber: bigint;
  blockHash: Hash;
  /** Every ERC-20 Transfer it emitted, with the contract that emitted it. */
  transfers: { contract: Address; from: Address; to: Address; value: bigint }[];
}

export interface ChainRpc {
  chainId(): Promise<number>;
  head(): Promise<bigint>;
  /** The canonical block's hash at `number`; null when the node has no such block yet. */
  blockHash(number: bigint): Promise<Hash | null>;
  /** The block number under the `finalized` or `safe` tag. */
  taggedBlock(tag: 'finalized' | 'safe'): Promise<bigint>;
  transferLogs(token: Address, from: bigint, to: bigint): Promise<TransferLog[]>;
  /** The receipt of a mined transaction; null when the node knows no such mined transaction. */
  receipt(hash: Hash): Promise<TransferReceipt | null>;
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
    receipt: async (hash) => {
      try {
        const receipt = await client.getTransactionReceipt({ hash });
        const transfers = parseEventLogs({
          abi: [TRANSFER_EVENT],
          logs: receipt.logs,
          strict: true,
        }).map((log) => ({
          contract: log.address,
          from: log.args.from,
          to: log.args.to,
          value: log.args.value,
        }));
        return {
          succeeded: receipt.status === 'success',
          blockNumber: receipt.blockNumber,
          blockHash: receipt.blockHash,
          transfers,
        };
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      }
    },
  };
}
