import { z } from 'zod';
import { atMostCharacters, centsSchema, wholeNumber } from './common';

/**
 * The crypto rails as the API shows them (issue 41): the networks and tokens a deposit is
 * credited from the chain on, each investor's own deposit address, the transfers the chain
 * watcher has seen, and a payout proven by its transaction hash. Amounts on a chain are base
 * units of the token (decimal text: a uint256 does not fit a JSON number); what reaches the
 * ledger is whole cents.
 */

export const CHAIN_TRANSFER_STATUSES = [
  'seen',
  'confirming',
  'credited',
  'held',
  'dropped',
] as const;
export type ChainTransferStatusName = (typeof CHAIN_TRANSFER_STATUSES)[number];

/** Why a transfer was recorded and not credited (the server's HOLD_REASONS). */
export const CHAIN_HOLD_REASONS = ['below_minimum', 'no_rate', 'account_closed'] as const;
export type ChainHoldReasonName = (typeof CHAIN_HOLD_REASONS)[number];

const baseUnits = z.string().regex(/^\d+$/);
const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

/** One token the platform credits on one network (GET /api/chain/rails). */
export const chainRailSchema = z.object({
  /** The network's key ("ethereum", "dev") and its name in words ("Ethereum"). */
  network: z.string(),
  networkName: z.string(),
  chainId: z.number().int(),
  /** "USDC"; the contract the investor must send, checksummed (EIP-55). */
  token: z.string(),
  contract: z.string(),
  decimals: z.number().int(),
  /** The smallest transfer credited, in base units ("1000000" = 1 USDC at 6 decimals). */
  minimum: baseUnits,
  /** Blocks a transfer needs before it is credited (its own block counts as one). */
  confirmations: z.number().int(),
  /** false: recorded and held, never credited (no USD rate configured). */
  credited: z.boolean(),
  /** The development chain (`npm start` with nothing configured): its faucet may be used. */
  development: z.boolean(),
});
export type ChainRail = z.infer<typeof chainRailSchema>;

export const chainRailsResponseSchema = z.object({ rails: z.array(chainRailSchema) });

/** GET /api/chain/networks/:network/address: the signed-in investor's own deposit address. */
export const chainDepositAddressSchema = z.object({
  network: z.string(),
  /** Checksummed (EIP-55). The same every time for this user and network. */
  address: z.string(),
});
export type ChainDepositAddress = z.infer<typeof chainDepositAddressSchema>;
export const chainDepositAddressResponseSchema = z.object({ address: chainDepositAddressSchema });

/** One incoming transfer as its owner sees it (GET /api/chain/transfers, newest first). */
export const chainTransferSchema = z.object({
  id: z.string(),
  network: z.string(),
  networkName: z.string(),
  token: z.string(),
  txHash,
  /** The transaction on the network's explorer, when the network has one. */
  explorerUrl: z.string().nullable(),
  /** In base units, and as a decimal text of whole tokens ("1.234567"). */
  amount: baseUnits,
  amountText: z.string(),
  status: z.enum(CHAIN_TRANSFER_STATUSES),
  /** Confirmations so far (k of `confirmationsRequired`); capped at the requirement. */
  confirmations: z.number().int(),
  confirmationsRequired: z.number().int(),
  holdReason: z.enum(CHAIN_HOLD_REASONS).nullable(),
  /** Once credited: the cents booked and the transaction in the investor's list ("TX-..."). */
  centsCredited: centsSchema.nullable(),
  transactionId: z.string().nullable(),
  seenAt: z.string(),
  settledAt: z.string().nullable(),
});
export type ChainTransfer = z.infer<typeof chainTransferSchema>;
export const chainTransferListSchema = z.object({ transfers: z.array(chainTransferSchema) });

/** The back office's row: the transfer, whose it is, and the address it came from. */
export const adminChainTransferSchema = chainTransferSchema.extend({
  userId: z.string(),
  userEmail: z.string().nullable(),
  fromAddress: z.string(),
  toAddress: z.string(),
  blockNumber: z.string(),
});
export type AdminChainTransfer = z.infer<typeof adminChainTransferSchema>;
export const adminChainTransferListSchema = z.object({
  transfers: z.array(adminChainTransferSchema),
  nextCursor: z.string().nullable(),
});
export const adminChainTransferQuerySchema = z.object({
  status: z.enum(CHAIN_TRANSFER_STATUSES).optional(),
  cursor: z.string().optional(),
});

/** Each watcher's health (GET /api/admin/chain/watchers; also in /readyz and /metrics). */
export const chainWatcherStatusSchema = z.object({
  network: z.string(),
  networkName: z.string(),
  token: z.string(),
  cursorBlock: z.string().nullable(),
  head: z.string().nullable(),
  /** head − cursor; null before the first pass. */
  blocksBehind: z.number().int().nullable(),
  lastPassAt: z.string().nullable(),
  /** The last pass's failure (an RPC outage pauses crediting; the cursor resumes). */
  lastError: z.string().nullable(),
});
export type ChainWatcherStatus = z.infer<typeof chainWatcherStatusSchema>;
export const chainWatcherListSchema = z.object({ watchers: z.array(chainWatcherStatusSchema) });

/** POST /api/chain/dev/faucet (development chain only): test tokens to the investor's address. */
export const chainFaucetSchema = z.object({
  network: z.string().min(1),
  /** Whole tokens, 1 to 1,000 (default 25). */
  amount: wholeNumber(1, 1000).optional(),
});
export const chainFaucetResponseSchema = z.object({ txHash });

/**
 * POST /api/admin/chain/dev/payouts (development chain only): the development account sends a
 * pending withdrawal's net amount of test USDC to its address, answering the hash the admin
 * then pays the withdrawal with (nothing is paid by this alone). The withdrawal by uuid or TNX id.
 */
export const chainDevPayoutSchema = z.object({
  withdrawalId: z.string().trim().min(1).max(64, atMostCharacters(64)),
});
export type ChainDevPayout = z.infer<typeof chainDevPayoutSchema>;
export const chainDevPayoutResponseSchema = z.object({ txHash });

/**
 * The admin's proof of a crypto payout sent from the operator's wallet (POST
 * /api/admin/withdrawals/:id/pay): the transaction's hash, required for a method on a rail and
 * ignored otherwise. Any text is taken here: one that is not a transaction hash (0x and 64 hex
 * digits, any case) is refused by the server as PAYOUT_TX_NOT_FOUND on the field, like a hash
 * the chain does not know.
 */
export const payoutProofSchema = z.object({
  txHash: z.string().trim().max(100, atMostCharacters(100)).optional(),
});
export type PayoutProof = z.infer<typeof payoutProofSchema>;
/** A transaction hash as the chain writes it. */
export const TX_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
