import { transactionDescriptionSchema } from '@app/shared/schemas/transaction-descriptions';
import type { Transaction } from '@app/shared/schemas/transactions';
import type { TransactionRow } from './ledger.schema';

/** The one shape of a transaction that leaves the server (cents as safe integer numbers). */
export function toTransaction(row: TransactionRow): Transaction {
  const net = row.type === 'withdraw' ? row.amountCents - row.feeCents : row.amountCents;
  return {
    id: row.id,
    book: row.book,
    transactionId: row.transactionId,
    kind: row.kind,
    type: row.type,
    status: row.status,
    amountCents: Number(row.amountCents),
    feeCents: Number(row.feeCents),
    netCents: Number(net),
    description: row.description,
    descriptionParts: transactionDescriptionSchema.safeParse(row.descriptionParts).data ?? null,
    crypto: row.crypto,
    channel: row.channel,
    paymentReference: row.paymentReference,
    failureReason: row.failureReason,
    methodId: row.methodId,
    payoutDetails: row.payoutDetails,
    chainTx:
      row.chainNetwork && row.chainTxHash
        ? { network: row.chainNetwork, hash: row.chainTxHash, explorerUrl: row.chainExplorerUrl }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
