import {
  englishDescription,
  type TransactionDescription,
} from '@app/shared/schemas/transaction-descriptions';
import { getAddress, type Hash } from 'viem';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { ChainTransferRow } from '../../db/schema';
import { announceMoneyChange, depositApproved, postEntry } from '../ledger';
import { recordAudit } from '../audit';
import { notify } from '../notifications';
import { insertTransaction } from '../transactions';
import { requireUndeletedOwner } from '../users';
import { explorerTxLink, type ChainNetwork, type ChainToken } from './chain.config';
import type { ChainRpc } from './chain.rpc';
import * as repo from './chain.repo';
import { confirmedThrough, nextScanRange, rewoundCursor } from './domain/scan-range';
import { settleTransfer, type TransferVerdict } from './domain/settle-transfer';

/**
 * The chain watcher of one network and token: `scan` reads Transfer logs from the cursor towards
 * the head in bounded ranges and records those to deposit addresses, moving the cursor in the
 * same database transaction; `settle` decides each recorded transfer against the chain as it is
 * now (dropped, still confirming, held, or credited through the ledger). Any number of
 * instances may run both at once: a range is recorded by the one that still finds the cursor
 * where it read it, a transfer is settled under its row lock, and credited once.
 */
export interface TokenWatch {
  network: ChainNetwork;
  token: ChainToken;
  rpc: ChainRpc;
}

/**
 * The transfers a pass changed (recorded, moved to another status, or a confirmation gained),
 * one per owner: the last one seen (userId → transferId). Announced after the pass's commits.
 */
export type TransferChanges = Map<string, string>;

export type ScanStep =
  | { kind: 'scanned'; from: bigint; to: bigint; recorded: number }
  | { kind: 'rewound'; from: bigint; to: bigint }
  /** Nothing to read: at the head, the node behind the cursor, or another instance moved it. */
  | { kind: 'idle' };

/** One step of the scan: one bounded range recorded, or the cursor rewound after a reorg. */
export async function scanStep(
  ctx: AppContext,
  watch: TokenWatch,
  changes?: TransferChanges,
): Promise<ScanStep> {
  const { network, token, rpc } = watch;
  const cursor = await cursorOf(ctx, watch);
  const canonical = await rpc.blockHash(cursor.blockNumber);
  if (canonical === null) return { kind: 'idle' };
  if (canonical !== cursor.blockHash) {
    const floor = network.startBlock ?? 0n;
    const target = rewoundCursor(cursor.blockNumber, network.confirmations, floor);
    const hash = await rpc.blockHash(target);
    if (hash === null) return { kind: 'idle' };
    const moved = await moveFrom(ctx, watch, cursor, target, hash, []);
    if (moved) {
      ctx.log.warn(
        { network: network.key, token: token.symbol, from: cursor.blockNumber, to: target },
        'chain reorg: cursor rewound',
      );
    }
    return moved ? { kind: 'rewound', from: cursor.blockNumber, to: target } : { kind: 'idle' };
  }
  const range = nextScanRange(cursor.blockNumber, await rpc.head(), network.maxBlocksPerScan);
  if (!range) return { kind: 'idle' };
  const logs = await rpc.transferLogs(token.contract, range.from, range.to);
  const toHash = await rpc.blockHash(range.to);
  if (toHash === null) return { kind: 'idle' };
  const owners = new Map(
    (
      await repo.ownersOf(
        ctx.db,
        network.key,
        logs.map((log) => log.to),
      )
    ).map((owner) => [owner.address.toLowerCase(), owner.userId]),
  );
  const transfers = logs.flatMap((log) => {
    const userId = owners.get(log.to.toLowerCase());
    if (!userId) return [];
    return [
      {
        chainId: network.chainId,
        network: network.key,
        txHash: log.txHash,
        logIndex: log.logIndex,
        token: token.contract,
        symbol: token.symbol,
        fromAddress: getAddress(log.from),
        toAddress: getAddress(log.to),
        userId,
        amount: log.value,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
      },
    ];
  });
  const moved = await moveFrom(ctx, watch, cursor, range.to, toHash, transfers);
  for (const written of moved ?? []) changes?.set(written.userId, written.id);
  return moved
    ? { kind: 'scanned', from: range.from, to: range.to, recorded: transfers.length }
    : { kind: 'idle' };
}

/** Scans until caught up with the head (or `maxSteps`); returns the steps taken. */
export async function scanToHead(
  ctx: AppContext,
  watch: TokenWatch,
  maxSteps = 1_000,
  changes?: TransferChanges,
): Promise<ScanStep[]> {
  const steps: ScanStep[] = [];
  for (let i = 0; i < maxSteps; i += 1) {
    const step = await scanStep(ctx, watch, changes);
    if (step.kind === 'idle') break;
    steps.push(step);
  }
  return steps;
}

/** The cursor, created at the network's start block (or the head) the first time. */
async function cursorOf(ctx: AppContext, watch: TokenWatch) {
  const { network, token, rpc } = watch;
  const found = await repo.readCursor(ctx.db, network.key, token.contract);
  if (found) return found;
  const start = network.startBlock ?? (await rpc.head());
  const hash = await rpc.blockHash(start);
  if (hash === null) throw new Error(`${network.key} has no block ${start} to start from`);
  await repo.createCursor(ctx.db, {
    network: network.key,
    token: token.contract,
    blockNumber: start,
    blockHash: hash,
    now: ctx.clock.now(),
  });
  const created = await repo.readCursor(ctx.db, network.key, token.contract);
  if (!created) throw new Error('The scan cursor was not created');
  return created;
}

/**
 * Records the transfers and moves the cursor to `to`, in one transaction, only if the cursor is
 * still where this pass read it (else another instance moved it first: nothing is written, null).
 * Returns the transfers written.
 */
async function moveFrom(
  ctx: AppContext,
  watch: TokenWatch,
  read: { blockNumber: bigint; blockHash: string },
  to: bigint,
  toHash: Hash,
  transfers: repo.NewChainTransfer[],
): Promise<{ id: string; userId: string }[] | null> {
  const { network, token } = watch;
  return ctx.db.transaction(async (tx) => {
    const cursor = await repo.lockCursor(tx, network.key, token.contract);
    if (cursor?.blockNumber !== read.blockNumber || cursor.blockHash !== read.blockHash) {
      return null;
    }
    const now = ctx.clock.now();
    const written = await repo.recordTransfers(tx, transfers, now);
    await repo.moveCursor(tx, {
      network: network.key,
      token: token.contract,
      blockNumber: to,
      blockHash: toHash,
      now,
    });
    return written;
  });
}

export interface SettleSummary {
  credited: number;
  held: number;
  dropped: number;
  confirming: number;
  /** Transfers whose write failed this pass (logged; tried again on the next). */
  failed: number;
}

/**
 * Decides every open transfer of the network and token against the chain now: the head, the
 * finality tag where the network uses one, and the canonical hash of each transfer's block.
 * `changes` collects those written, and those still confirming when the head moved since
 * `lastHead` (a confirmation gained; unknown last head: counted).
 */
export async function settleOpen(
  ctx: AppContext,
  watch: TokenWatch,
  limit = 1_000,
  options: { changes?: TransferChanges; lastHead?: bigint | null } = {},
): Promise<SettleSummary> {
  const { changes, lastHead } = options;
  const { network, token, rpc } = watch;
  const summary: SettleSummary = { credited: 0, held: 0, dropped: 0, confirming: 0, failed: 0 };
  const open = await repo.openTransfers(ctx.db, network.key, token.contract, limit);
  if (open.length === 0) return summary;
  const head = await rpc.head();
  const tagged = network.finalityTag ? await rpc.taggedBlock(network.finalityTag) : null;
  const through = confirmedThrough(head, network.confirmations, tagged);
  const hashes = new Map<bigint, Hash | null>();
  for (const transfer of open) {
    if (!hashes.has(transfer.blockNumber)) {
      const hash = transfer.blockNumber > head ? null : await rpc.blockHash(transfer.blockNumber);
      hashes.set(transfer.blockNumber, hash);
    }
    const verdict = settleTransfer({
      transfer,
      canonicalHash: hashes.get(transfer.blockNumber) ?? null,
      confirmedThrough: through,
      head,
      token,
    });
    if (verdict.kind === 'confirming' && transfer.status === 'confirming') {
      summary.confirming += 1;
      if (lastHead !== head) changes?.set(transfer.userId, transfer.id);
      continue;
    }
    try {
      const outcome = await applyVerdict(ctx, watch, transfer, verdict);
      if (outcome) {
        summary[outcome] += 1;
        changes?.set(transfer.userId, transfer.id);
      }
    } catch (error) {
      // One transfer that cannot be written must not stop the others: logged, tried next pass.
      summary.failed += 1;
      ctx.log.error(
        { err: error, network: network.key, transferId: transfer.id, verdict: verdict.kind },
        'chain transfer not settled',
      );
    }
  }
  return summary;
}

type Outcome = 'credited' | 'held' | 'dropped' | 'confirming';

/**
 * Writes one verdict under the transfer's row lock, if the transfer is still open and in the
 * block the verdict was made for; a credit books the deposit in the same transaction (held
 * instead when the owner's account was deleted meanwhile). Returns what was written, if anything.
 */
async function applyVerdict(
  ctx: AppContext,
  watch: TokenWatch,
  transfer: ChainTransferRow,
  verdict: TransferVerdict,
): Promise<Outcome | undefined> {
  const written = await ctx.db.transaction(
    async (tx): Promise<{ outcome: Outcome; after?: () => void } | undefined> => {
      const locked = await repo.lockTransfer(tx, transfer.id);
      const open = locked?.status === 'seen' || locked?.status === 'confirming';
      if (!locked || !open || locked.blockHash !== transfer.blockHash) return undefined;
      const now = ctx.clock.now();
      switch (verdict.kind) {
        case 'dropped':
        case 'confirming':
          await repo.settle(tx, locked.id, { status: verdict.kind }, now);
          return { outcome: verdict.kind };
        case 'held':
          await repo.settle(tx, locked.id, { status: 'held', holdReason: verdict.reason }, now);
          return { outcome: 'held' };
        case 'credit':
          if (!(await ownerStillHere(tx, locked.userId))) {
            await repo.settle(tx, locked.id, { status: 'held', holdReason: 'account_closed' }, now);
            return { outcome: 'held' };
          }
          return {
            outcome: 'credited',
            after: await creditDeposit(ctx, tx, watch.network, locked, verdict, now),
          };
      }
    },
  );
  written?.after?.();
  return written?.outcome;
}

/**
 * The credit, for an owner whose account stands (its row share-locked, as every booking takes
 * it): a deposit transaction (done, paid by the chain: no admin decided it, its reference the tx
 * hash), the transfer marked credited with the cents and the remainder, the owner told
 * in-app (and by e-mail per their choices), then platform cash → the owner's available balance
 * as the last write (the hot platform account is locked only until COMMIT). Returns what to
 * run after the commit: the owner's and the admins' screens refresh.
 */
async function creditDeposit(
  ctx: AppContext,
  tx: Tx,
  network: ChainNetwork,
  transfer: ChainTransferRow,
  credit: { cents: bigint; remainder: bigint },
  now: Date,
): Promise<() => void> {
  const parts: TransactionDescription = {
    code: 'deposit',
    method: `${transfer.symbol} on ${network.name}`,
  };
  const row = await insertTransaction(tx, {
    userId: transfer.userId,
    kind: 'deposit',
    type: 'credit',
    status: 'success',
    amountCents: credit.cents,
    description: englishDescription(parts),
    descriptionParts: parts,
    crypto: `${transfer.symbol} (${network.name})`,
    channel: 'crypto',
    paymentReference: transfer.txHash,
    chainNetwork: network.key,
    chainTxHash: transfer.txHash,
    chainExplorerUrl: explorerTxLink(network, transfer.txHash),
    decidedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await repo.settle(
    tx,
    transfer.id,
    {
      status: 'credited',
      centsCredited: credit.cents,
      remainderBaseUnits: credit.remainder,
      ledgerTransactionId: row.id,
    },
    now,
  );
  // No admin decided it: the system credits, and says from which transfer.
  await recordAudit(tx, {
    actorId: null,
    action: 'deposit.credited_from_chain',
    targetType: 'transaction',
    targetId: row.transactionId,
    details: {
      userId: transfer.userId,
      network: network.key,
      token: transfer.symbol,
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
      amountBaseUnits: transfer.amount.toString(),
      amountCents: Number(credit.cents),
    },
  });
  const told = await notify(ctx, tx, transfer.userId, {
    type: 'deposit_approved',
    params: { transactionId: row.transactionId, amountCents: Number(credit.cents) },
  });
  await postEntry(
    tx,
    depositApproved(transfer.userId, credit.cents, `Deposit ${row.transactionId}`),
    {
      transactionId: row.id,
      createdAt: now,
    },
  );
  return () => {
    told();
    announceMoneyChange(ctx, transfer.userId, row.transactionId);
  };
}

/** The owner's row share-locked (as every booking takes it); false when the account was deleted. */
async function ownerStillHere(tx: Tx, userId: string): Promise<boolean> {
  try {
    await requireUndeletedOwner(tx, userId);
    return true;
  } catch (error) {
    // Thrown after its query succeeded: the transaction is still usable.
    if (error instanceof AppError && error.code === 'ACCOUNT_DELETED') return false;
    throw error;
  }
}

/**
 * One pass of a watcher: scan to the head, then settle what is open; then each owner whose
 * transfers changed, and the admins, are told once (after the pass's commits).
 */
export async function watchOnce(
  ctx: AppContext,
  watch: TokenWatch,
  options: { lastHead?: bigint | null } = {},
) {
  const changes: TransferChanges = new Map();
  try {
    const steps = await scanToHead(ctx, watch, undefined, changes);
    const settled = await settleOpen(ctx, watch, undefined, { changes, ...options });
    return { steps, settled, changed: changes.size };
  } finally {
    // What was committed before a failure is announced too.
    announceTransfers(ctx, changes);
  }
}

/** `chain.transfers.changed` on each owner's channel and the admin channel. */
function announceTransfers(ctx: AppContext, changes: TransferChanges): void {
  for (const [userId, transferId] of changes) {
    ctx.realtime.publish(`user:${userId}`, {
      type: 'chain.transfers.changed',
      data: { transferId },
    });
    ctx.realtime.publish('admin', {
      type: 'chain.transfers.changed',
      data: { transferId, userId },
    });
  }
}
