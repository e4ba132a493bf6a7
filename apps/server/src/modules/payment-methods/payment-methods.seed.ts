import { DEMO_BANK_NOTE } from '@app/shared/schemas/payment-methods';
import { BUILT_IN_BANK_METHOD } from '@app/shared/schemas/transaction-descriptions';
import type { DbOrTx } from '../../db/client';
import { insertMethodsIfNone } from './payment-methods.repo';

/**
 * Demo payment methods for a fresh install. The addresses and account numbers are NOT real: they
 * are placeholders an operator must replace. They are flagged `isDemo`, so every investor screen
 * says not to send real money, the admin overview and the start-up log say they need replacing.
 */
const DEMO_METHODS = [
  {
    kind: 'crypto' as const,
    name: 'Bitcoin',
    network: 'BTC',
    address: 'bc1qdemo0000000000000000000000000000replaceme',
    sortOrder: 1,
    isDemo: true,
  },
  {
    kind: 'crypto' as const,
    name: 'Tether',
    network: 'TRC20',
    address: 'TDEMOaddressReplaceMe0000000000000',
    sortOrder: 2,
    isDemo: true,
  },
  {
    kind: 'bank' as const,
    name: BUILT_IN_BANK_METHOD,
    bankName: 'Demo Bank (replace me)',
    accountName: 'Nestrado Demo Ltd',
    accountNumber: 'DEMO-0000-0000',
    swiftCode: 'DEMOXXXX',
    referenceInstructions: DEMO_BANK_NOTE,
    sortOrder: 3,
    isDemo: true,
  },
];

export async function seedDemoPaymentMethods(db: DbOrTx): Promise<void> {
  await insertMethodsIfNone(db, DEMO_METHODS);
}
