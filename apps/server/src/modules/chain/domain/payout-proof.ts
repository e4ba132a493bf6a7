import type { UsdRate } from './units';

/**
 * Whether a transaction proves a crypto payout (pure: the caller reads the chain). The payout
 * is proven when the transaction succeeded, is in a canonical block with the network's
 * confirmations, and its ERC-20 Transfers of the rail's token to the withdrawal's address add
 * up to at least the net amount in base units (rounded up: never a base unit less).
 */

export interface PayoutReceipt {
  succeeded: boolean;
  blockNumber: bigint;
  blockHash: string;
  transfers: readonly { contract: string; to: string; value: bigint }[];
}

export type PayoutVerdict =
  | { kind: 'proven'; sent: bigint }
  /** No such mined transaction, it failed, or its block left the canonical chain. */
  | { kind: 'not_found' }
  /** It sends nothing of the token to the address. */
  | { kind: 'wrong_transfer' }
  | { kind: 'too_little'; sent: bigint }
  | { kind: 'unconfirmed'; confirmations: number };

/**
 * The base units of a token worth `cents` at `rate` USD per token, rounded UP: 12.35 USD of a
 * 6-decimal token at 1 → 12350000; at 0.9998 → 12352471 (12352470.49... up).
 */
export function centsToBaseUnitsUp(cents: bigint, decimals: number, rate: UsdRate): bigint {
  if (cents < 0n) throw new Error('An amount of cents is never negative');
  // units = cents × den × 10^decimals / (num × 100), rounded up (all positive).
  const numerator = cents * rate.denominator * 10n ** BigInt(decimals);
  const denominator = rate.numerator * 100n;
  return (numerator + denominator - 1n) / denominator;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function judgePayout(input: {
  receipt: PayoutReceipt | null;
  /** The canonical block hash at the receipt's block number now (null: none). */
  canonicalHash: string | null;
  token: string;
  to: string;
  required: bigint;
  /** The highest block whose transactions count as confirmed (scan-range confirmedThrough). */
  confirmedThrough: bigint;
  head: bigint;
}): PayoutVerdict {
  const { receipt } = input;
  if (!receipt?.succeeded || receipt.blockHash !== input.canonicalHash) {
    return { kind: 'not_found' };
  }
  const paid = receipt.transfers.filter(
    (transfer) => same(transfer.contract, input.token) && same(transfer.to, input.to),
  );
  if (paid.length === 0) return { kind: 'wrong_transfer' };
  const sent = paid.reduce((sum, transfer) => sum + transfer.value, 0n);
  if (sent < input.required) return { kind: 'too_little', sent };
  if (receipt.blockNumber > input.confirmedThrough) {
    const confirmations =
      receipt.blockNumber > input.head ? 0 : Number(input.head - receipt.blockNumber + 1n);
    return { kind: 'unconfirmed', confirmations };
  }
  return { kind: 'proven', sent };
}
