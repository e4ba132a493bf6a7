import { z } from 'zod';
import { centsSchema } from './common';
import { cursorPage, cursorParam, searchParam } from './pages';
import { PAYMENT_CHANNELS, TRANSACTION_KINDS } from './kinds';
import { transactionDescriptionSchema } from './transaction-descriptions';
import { bookSchema } from './practice';
import { rule } from '../rules';

export const TRANSACTION_TYPES = ['credit', 'withdraw'] as const;
export const TRANSACTION_STATUSES = ['pending', 'success', 'failed'] as const;

/** A transaction on a chain: the network's key, the hash, and its explorer page (null: none). */
export const chainTxSchema = z.object({
  network: z.string(),
  hash: z.string(),
  explorerUrl: z.string().nullable(),
});
export type ChainTx = z.infer<typeof chainTxSchema>;

/**
 * A user-facing transaction (seed section 3), the projection of a ledger operation. Amounts are
 * integer cents; `amountCents` is what was deposited / withdrawn / credited, `feeCents` the part of a
 * withdrawal kept as a fee (deducted from the payout), `netCents` what is paid out or credited.
 */
export const transactionSchema = z.object({
  id: z.string(),
  /** Real money or the practice account's virtual money (issue 42). */
  book: bookSchema,
  transactionId: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  amountCents: centsSchema,
  feeCents: centsSchema,
  netCents: centsSchema,
  /** The English sentence; the fallback when `descriptionParts` is null (older rows). */
  description: z.string(),
  /**
   * What it was, as a code and parameters, for the reader's language. The server always sends it
   * (null for rows booked before it existed); optional in the type so older fixtures compile.
   */
  descriptionParts: transactionDescriptionSchema.nullable().optional(),
  /** The payment method's name ("Bitcoin (BTC)", "Bank Transfer"): the seed's `crypto` field. */
  crypto: z.string().nullable(),
  /** Whether a deposit or withdrawal went through a crypto wallet or a bank; null otherwise. */
  channel: z.enum(PAYMENT_CHANNELS).nullable(),
  paymentReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  methodId: z.string().nullable(),
  payoutDetails: z.record(z.string(), z.string()).nullable(),
  /**
   * The chain transaction behind it (issue 41): a crypto payout's proof, checked on chain before
   * it was paid, or the transfer a deposit was credited from; with its page on the network's
   * explorer when the network has one. Null for everything else; optional in the type so older
   * fixtures compile (the server always sends it).
   */
  chainTx: chainTxSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const TRANSACTION_PAGE_MAX = 100;

export const transactionListQuerySchema = z.object({
  /** The user's real transactions unless `practice` (issue 42). */
  book: bookSchema.default('real'),
  /** Matches transactionId, crypto or description, case-insensitively. */
  q: searchParam,
  cursor: cursorParam,
  limit: z.coerce
    .number({ error: rule('LIMIT_NOT_A_NUMBER') })
    .int(rule('LIMIT_NOT_WHOLE'))
    .min(1, rule('LIMIT_TOO_SMALL'))
    .max(TRANSACTION_PAGE_MAX, rule('LIMIT_TOO_LARGE', { max: TRANSACTION_PAGE_MAX }))
    .default(20),
});
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;

export const transactionListSchema = cursorPage('items', transactionSchema);
export type TransactionList = z.infer<typeof transactionListSchema>;

export const transactionResponseSchema = z.object({ transaction: transactionSchema });

/** Admin view: the same row plus whose it is. */
export const adminTransactionSchema = transactionSchema.extend({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export const adminTransactionListQuerySchema = transactionListQuerySchema.extend({
  status: z.enum(TRANSACTION_STATUSES).optional(),
  kind: z.enum(TRANSACTION_KINDS, { error: rule('TRANSACTION_KIND_INVALID') }).optional(),
  userId: z.uuid({ error: rule('USER_ID_INVALID') }).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  /** Dates as YYYY-MM-DD (UTC): from the start of `from` to the end of `to`. */
  from: z.iso.date({ error: rule('DATE_PARAM', { name: 'from' }) }).optional(),
  to: z.iso.date({ error: rule('DATE_PARAM', { name: 'to' }) }).optional(),
});
export const adminTransactionListSchema = cursorPage('items', adminTransactionSchema);
