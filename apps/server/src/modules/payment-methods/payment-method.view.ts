import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import { normaliseFeePct, type WithdrawalFeeTerms } from '@app/shared/withdrawal-fee';
import type { PaymentMethodRow } from '../../db/schema';

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
    withdrawalFeePct: normaliseFeePct(row.withdrawalFeePct),
    withdrawalFeeFixedCents: row.withdrawalFeeFixedCents,
    railNetwork: row.railNetwork,
    railToken: row.railToken,
  };
}

/** The method's withdrawal fee terms ("10.00" stored → "10"). */
export function feeTermsOf(row: PaymentMethodRow): WithdrawalFeeTerms {
  return { pct: normaliseFeePct(row.withdrawalFeePct), fixedCents: row.withdrawalFeeFixedCents };
}

/** How a method is named on a transaction ("Bitcoin (BTC)", "Bank Transfer"). */
export function methodLabel(row: PaymentMethodRow): string {
  return row.kind === 'crypto' && row.network ? `${row.name} (${row.network})` : row.name;
}
