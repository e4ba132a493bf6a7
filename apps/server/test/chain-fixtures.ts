import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Address } from 'viem';
import type { Transaction } from '@app/shared/schemas/transactions';
import type { ChainRails, ChainRailsInput, ChainSetup, DevRails } from '../src/modules/chain';
import { ensureDevRailMethod } from '../src/modules/payment-methods';
import type { TestApp, TestClient } from './harness';
import { activeUser, cryptoWithdrawal, fund } from './money-helpers';

/** m/44'/60'/1' of the development mnemonic (its addresses hold nothing on any chain). */
export const TEST_ACCOUNT_XPUB =
  'xpub6Ce9NcJvTk372KjsGfWqbcex5DumjpNquQLApoeQUavSCjEc823BV1tb4rXUuPuht8h2hSxkg2EXUaKUJmniJvRZAELxypsCzBFdtosmV76';

type NetworkInput = ChainRailsInput['networks'][number];

/** Rails of one network, "Ethereum" with its USDC, as an operator's file gives them. */
export function ethereumRails(overrides: Partial<NetworkInput> = {}): ChainRailsInput {
  return {
    networks: [
      {
        key: 'ethereum',
        name: 'Ethereum',
        chainId: 1,
        rpcUrl: 'https://rpc.example.org',
        confirmations: 12,
        finalityTag: 'finalized',
        explorerTxUrl: 'https://explorer.example.org/tx/{hash}',
        xpub: TEST_ACCOUNT_XPUB,
        tokens: [
          {
            symbol: 'USDC',
            contract: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
            decimals: 6,
            minimum: '1000000',
            usdRate: '1',
          },
        ],
        ...overrides,
      },
    ],
  };
}

/**
 * The app's chain setup on a started development chain: its rails, the faucet on (no runtime:
 * the tests drive the watcher, or set one).
 */
export function devChainSetup(dev: DevRails): ChainSetup {
  return {
    rails: dev.rails,
    runtime: null,
    development: true,
    devChain: {
      rpcUrl: dev.chain.rpcUrl,
      chainId: dev.chain.chainId,
      network: 'dev',
      token: dev.usdc,
    },
  };
}

/** A fresh EVM address nobody holds funds at (checksummed). */
export const freshWallet = (): Address => privateKeyToAccount(generatePrivateKey()).address;

/**
 * The development rail's "USDC (test)" method on `rails` (ensured as at start), with a flat
 * withdrawal fee of `feeCents`: its id.
 */
export async function railMethodWithFlatFee(
  t: TestApp,
  rails: ChainRails,
  feeCents: number,
): Promise<string> {
  await ensureDevRailMethod(t.db, rails);
  const rows = await t.db.execute<{ id: string }>(
    sql`UPDATE payment_methods SET withdrawal_fee_fixed_cents = ${feeCents}
         WHERE rail_network = 'dev' RETURNING id`,
  );
  const id = rows.rows[0]?.id;
  if (!id) throw new Error('no rail method');
  return id;
}

/** An investor with $100 whose $50.00 withdrawal by the rail method `methodId` to `wallet` is pending. */
export async function pendingRailWithdrawal(
  t: TestApp,
  admin: TestClient,
  methodId: string,
  wallet: Address = freshWallet(),
) {
  const investor = await activeUser(t);
  await fund(t, admin, investor.client, 10_000);
  const response = await investor.client.post(
    '/api/withdrawals',
    cryptoWithdrawal(methodId, '50.00', wallet),
  );
  expect(response.statusCode, response.body).toBe(201);
  const withdrawal = response.json<{ transaction: Transaction }>().transaction;
  return { investor, withdrawal, wallet };
}
