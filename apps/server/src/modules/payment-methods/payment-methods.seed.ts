import { DEMO_BANK_NOTE } from '@app/shared/schemas/payment-methods';
import { BUILT_IN_BANK_METHOD } from '@app/shared/schemas/transaction-descriptions';
import type { DbOrTx } from '../../db/client';
import { findRailMethod, insertMethod, insertMethodsIfNone } from './payment-methods.repo';
import type { RailCatalog } from './rails';

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

/**
 * With the development chain running (`npm start` with nothing configured), one crypto method
 * "USDC (test)" on it, linked to its rail: deposits by it are credited from that chain, payouts
 * proven on it. `devRails` are the development chain's rails (modules/chain startDevRails: one
 * network, one token). Added once: an install that has (or had, and retired) a method on that
 * rail keeps it as it is.
 */
export async function ensureDevRailMethod(db: DbOrTx, devRails: RailCatalog): Promise<void> {
  const network = devRails.networks[0];
  const token = network?.tokens[0];
  if (!network || !token) return;
  if (await findRailMethod(db, network.key, token.symbol)) return;
  await insertMethod(db, {
    kind: 'crypto',
    name: `${token.symbol} (test)`,
    network: network.name,
    // Each investor deposits to an address of their own (the deposit page shows it): this one
    // is only the method's placeholder, never shown as where to send.
    address: 'Your own deposit address',
    railNetwork: network.key,
    railToken: token.symbol,
    sortOrder: 10, // after the seeded demo methods
  });
}
