import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { afterCursor, cursorTextOf, type Cursor } from '../../db/keyset';
import {
  chainAddressCounters,
  chainDepositAddresses,
  chainScanCursors,
  chainTransfers,
  type ChainTransferRow,
} from '../../db/schema';
import type { HoldReason } from './domain/settle-transfer';
import type { ChainTransferStatus } from './chain.schema';

// Deposit addresses ------------------------------------------------------------------------------

export async function findAddress(db: DbOrTx, userId: string, network: string) {
  const [row] = await db
    .select()
    .from(chainDepositAddresses)
    .where(
      and(eq(chainDepositAddresses.userId, userId), eq(chainDepositAddresses.network, network)),
    );
  return row;
}

/**
 * The next derivation index of a network, taken under the counter row's lock (created at 0 the
 * first time): two instances asking at once get two indexes, and an index is never handed out
 * twice.
 */
export async function takeIndex(db: DbOrTx, network: string): Promise<number> {
  const [row] = await db
    .insert(chainAddressCounters)
    .values({ network, nextIndex: 1 })
    .onConflictDoUpdate({
      target: chainAddressCounters.network,
      set: { nextIndex: sql`${chainAddressCounters.nextIndex} + 1` },
    })
    .returning({ nextIndex: chainAddressCounters.nextIndex });
  if (!row) throw new Error('The address counter returned no row');
  return row.nextIndex - 1;
}

/** The user's address, unless one was stored meanwhile (then undefined: read that one). */
export async function insertAddress(
  db: DbOrTx,
  values: { userId: string; network: string; derivationIndex: number; address: string },
) {
  const [row] = await db
    .insert(chainDepositAddresses)
    .values(values)
    .onConflictDoNothing({
      target: [chainDepositAddresses.userId, chainDepositAddresses.network],
    })
    .returning();
  return row;
}

/** The investors behind some recipients of a network (addresses in any case). */
export async function ownersOf(db: DbOrTx, network: string, addresses: string[]) {
  if (addresses.length === 0) return [];
  const lower = [...new Set(addresses.map((a) => a.toLowerCase()))];
  return db
    .select({ userId: chainDepositAddresses.userId, address: chainDepositAddresses.address })
    .from(chainDepositAddresses)
    .where(
      and(
        eq(chainDepositAddresses.network, network),
        inArray(sql`lower(${chainDepositAddresses.address})`, lower),
      ),
    );
}

/** Whether an address (any case) is a deposit address of the platform on one of `networks`. */
export async function isDepositAddress(
  db: DbOrTx,
  networks: string[],
  address: string,
): Promise<boolean> {
  if (networks.length === 0) return false;
  const [row] = await db
    .select({ id: chainDepositAddresses.id })
    .from(chainDepositAddresses)
    .where(
      and(
        inArray(chainDepositAddresses.network, networks),
        eq(sql`lower(${chainDepositAddresses.address})`, address.toLowerCase()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// Scan cursors -----------------------------------------------------------------------------------

export async function readCursor(db: DbOrTx, network: string, token: string) {
  const [row] = await db
    .select()
    .from(chainScanCursors)
    .where(and(eq(chainScanCursors.network, network), eq(chainScanCursors.token, token)));
  return row;
}

/** The cursor under its row lock until the caller's transaction ends (undefined: none yet). */
export async function lockCursor(db: DbOrTx, network: string, token: string) {
  const [row] = await db
    .select()
    .from(chainScanCursors)
    .where(and(eq(chainScanCursors.network, network), eq(chainScanCursors.token, token)))
    .for('update');
  return row;
}

/** Creates the cursor unless another instance did first (then that one stands). */
export async function createCursor(
  db: DbOrTx,
  values: { network: string; token: string; blockNumber: bigint; blockHash: string; now: Date },
) {
  await db
    .insert(chainScanCursors)
    .values({
      network: values.network,
      token: values.token,
      blockNumber: values.blockNumber,
      blockHash: values.blockHash,
      scannedAt: values.now,
    })
    .onConflictDoNothing();
}

export async function moveCursor(
  db: DbOrTx,
  values: { network: string; token: string; blockNumber: bigint; blockHash: string; now: Date },
) {
  await db
    .update(chainScanCursors)
    .set({ blockNumber: values.blockNumber, blockHash: values.blockHash, scannedAt: values.now })
    .where(
      and(eq(chainScanCursors.network, values.network), eq(chainScanCursors.token, values.token)),
    );
}

// Transfers --------------------------------------------------------------------------------------

export type NewChainTransfer = Pick<
  ChainTransferRow,
  | 'chainId'
  | 'network'
  | 'txHash'
  | 'logIndex'
  | 'token'
  | 'symbol'
  | 'fromAddress'
  | 'toAddress'
  | 'userId'
  | 'amount'
  | 'blockNumber'
  | 'blockHash'
>;

/**
 * Records transfers once per (chain, tx hash, log index). A log seen again in the same block
 * changes nothing; seen again in another block (a rescan after a reorg) an open or dropped one
 * moves to that block and is `seen` again; a credited or held one never changes. Returns those
 * written (new or moved).
 */
export async function recordTransfers(
  db: DbOrTx,
  rows: NewChainTransfer[],
  now: Date,
): Promise<{ id: string; userId: string }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(chainTransfers)
    .values(rows.map((row) => ({ ...row, status: 'seen' as const, seenAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: [chainTransfers.chainId, chainTransfers.txHash, chainTransfers.logIndex],
      set: {
        blockNumber: sql`excluded.block_number`,
        blockHash: sql`excluded.block_hash`,
        status: 'seen',
        updatedAt: now,
      },
      setWhere: sql`${chainTransfers.status} IN ('seen', 'confirming', 'dropped')
        AND ${chainTransfers.blockHash} <> excluded.block_hash`,
    })
    .returning({ id: chainTransfers.id, userId: chainTransfers.userId });
}

/** The transfers of a network and token still waiting (seen or confirming), oldest block first. */
export function openTransfers(db: DbOrTx, network: string, token: string, limit: number) {
  return db
    .select()
    .from(chainTransfers)
    .where(
      and(
        eq(chainTransfers.network, network),
        eq(chainTransfers.token, token),
        inArray(chainTransfers.status, ['seen', 'confirming']),
      ),
    )
    .orderBy(asc(chainTransfers.blockNumber), asc(chainTransfers.logIndex))
    .limit(limit);
}

/** One transfer under its row lock until the caller's transaction ends. */
export async function lockTransfer(db: DbOrTx, id: string) {
  const [row] = await db
    .select()
    .from(chainTransfers)
    .where(eq(chainTransfers.id, id))
    .for('update');
  return row;
}

export type TransferOutcome =
  | { status: 'confirming' | 'dropped' }
  | { status: 'held'; holdReason: HoldReason }
  | {
      status: 'credited';
      centsCredited: bigint;
      remainderBaseUnits: bigint;
      ledgerTransactionId: string;
    };

export async function settle(db: DbOrTx, id: string, outcome: TransferOutcome, now: Date) {
  const final = outcome.status === 'held' || outcome.status === 'credited';
  await db
    .update(chainTransfers)
    .set({ ...outcome, updatedAt: now, ...(final ? { settledAt: now } : {}) })
    .where(eq(chainTransfers.id, id));
}

// Reading transfers -------------------------------------------------------------------------------

/** A user's own transfers, newest first. */
export function listOwnTransfers(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(chainTransfers)
    .where(eq(chainTransfers.userId, userId))
    .orderBy(desc(chainTransfers.seenAt), desc(chainTransfers.id))
    .limit(limit);
}

/** Staff: every transfer (of one status), newest first, after the cursor; with each row's cursor. */
export function listTransfers(
  db: DbOrTx,
  params: { status: ChainTransferStatus | undefined; after: Cursor | undefined; limit: number },
) {
  return db
    .select({ row: chainTransfers, cursorAt: cursorTextOf(chainTransfers.seenAt) })
    .from(chainTransfers)
    .where(
      and(
        params.status ? eq(chainTransfers.status, params.status) : undefined,
        params.after
          ? afterCursor(chainTransfers.seenAt, chainTransfers.id, params.after)
          : undefined,
      ),
    )
    .orderBy(desc(chainTransfers.seenAt), desc(chainTransfers.id))
    .limit(params.limit);
}
