/**
 * Which blocks a watcher reads next, and how far it steps back after a reorg. Block numbers are
 * bigints (a chain's height is a uint64).
 */

/** The next bounded range after `cursor` (the last block scanned), up to `head`; none when caught up. */
export function nextScanRange(
  cursor: bigint,
  head: bigint,
  maxBlocks: number,
): { from: bigint; to: bigint } | null {
  if (cursor >= head) return null;
  const from = cursor + 1n;
  const last = cursor + BigInt(maxBlocks);
  return { from, to: last < head ? last : head };
}

/**
 * The block to resume from when the cursor's block is no longer canonical: the confirmation depth
 * back (a transfer deeper than that was already settled against its own block hash), never
 * below `floor` (the network's start block, or 0).
 */
export function rewoundCursor(cursor: bigint, confirmations: number, floor: bigint): bigint {
  const back = cursor - BigInt(confirmations);
  return back > floor ? back : floor;
}

/**
 * The highest block whose transfers may be credited: under the finality tag where the network
 * uses one (its block number, given), else the block with `confirmations` confirmations (the
 * block itself counts as one: a transfer in `head` has 1).
 */
export function confirmedThrough(
  head: bigint,
  confirmations: number,
  taggedBlock: bigint | null,
): bigint {
  if (taggedBlock !== null) return taggedBlock;
  return head - BigInt(confirmations) + 1n;
}

/** How many confirmations a block has at `head` (0 when beyond it). */
export function confirmationsAt(blockNumber: bigint, head: bigint): number {
  return blockNumber > head ? 0 : Number(head - blockNumber + 1n);
}

/**
 * The confirmations shown for a transfer (k of `required`): all of them once it was credited or
 * held, none once dropped, else those it has at the last head the watcher saw (capped at the
 * requirement; 0 before the watcher saw any head).
 */
export function confirmationsShown(
  status: 'seen' | 'confirming' | 'credited' | 'held' | 'dropped',
  blockNumber: bigint,
  head: bigint | null,
  required: number,
): number {
  if (status === 'credited' || status === 'held') return required;
  if (status === 'dropped' || head === null) return 0;
  return Math.min(required, confirmationsAt(blockNumber, head));
}
