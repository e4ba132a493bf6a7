import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import type { PaymentMethodRow } from '../ledger/ledger.schema';

export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    network: row.network,
    address: row.address,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumber: row.accountNumber,
    swiftCode: row.swiftCode,
    referenceInstructions: row.referenceInstructions,
    isDemo: row.isDemo,
    sortOrder: row.sortOrder,
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

/** How a method is named on a transaction ("Bitcoin (BTC)", "Bank Transfer"). */
export function methodLabel(row: PaymentMethodRow): string {
  return row.kind === 'crypto' && row.network ? `${row.name} (${row.network})` : row.name;
}
