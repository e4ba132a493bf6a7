import { CHAIN_HOLD_REASONS, type ChainHoldReasonName } from '@app/shared/schemas/chain';
import { confirmationsAt } from './scan-range';
import { baseUnitsToCents, type UsdRate } from './units';

/**
 * What becomes of a transfer the watcher recorded (status `seen` or `confirming`), decided from
 * the chain as it is now. The order of the rules is the safety: a transfer whose block is no
 * longer canonical is dropped before anything else; only a canonical one with enough
 * confirmations is credited or held.
 */

/**
 * Why a confirmed transfer is not credited: below the token's minimum (or worth less than a
 * cent), a token without a USD rate, or an owner whose account was deleted.
 */
export const HOLD_REASONS = CHAIN_HOLD_REASONS;
export type HoldReason = ChainHoldReasonName;

export type TransferVerdict =
  | { kind: 'dropped' }
  | { kind: 'confirming'; confirmations: number }
  | { kind: 'held'; reason: HoldReason }
  | { kind: 'credit'; cents: bigint; remainder: bigint };

export interface SettleInput {
  transfer: { blockNumber: bigint; blockHash: string; amount: bigint };
  /** The hash of the canonical block at the transfer's number now; null beyond the head. */
  canonicalHash: string | null;
  /** The highest block that may be credited (scan-range's confirmedThrough). */
  confirmedThrough: bigint;
  head: bigint;
  token: { decimals: number; minimum: bigint; usdRate: UsdRate | null };
}

export function settleTransfer(input: SettleInput): TransferVerdict {
  const { transfer, token } = input;
  // Beyond the head (an RPC node behind the one that served the logs): wait, decide nothing.
  if (input.canonicalHash === null) return { kind: 'confirming', confirmations: 0 };
  if (input.canonicalHash.toLowerCase() !== transfer.blockHash.toLowerCase()) {
    return { kind: 'dropped' };
  }
  if (transfer.blockNumber > input.confirmedThrough) {
    return { kind: 'confirming', confirmations: confirmationsAt(transfer.blockNumber, input.head) };
  }
  if (!token.usdRate) return { kind: 'held', reason: 'no_rate' };
  if (transfer.amount < token.minimum) return { kind: 'held', reason: 'below_minimum' };
  const { cents, remainder } = baseUnitsToCents(transfer.amount, token.decimals, token.usdRate);
  if (cents === 0n) return { kind: 'held', reason: 'below_minimum' };
  return { kind: 'credit', cents, remainder };
}
