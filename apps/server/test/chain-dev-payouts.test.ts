import { createTestClient, http, parseAbi, parseEventLogs, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@app/shared/schemas/transactions';
import { devClients, startDevRails, type DevRails } from '../src/modules/chain';
import { adminClient, createTestApp, expectError, type TestApp, type TestClient } from './harness';
import { auditAfterEach, bankWithdrawal, summaryOf } from './money-helpers';
import { devChainSetup, pendingRailWithdrawal, railMethodWithFlatFee } from './chain-fixtures';

/**
 * The development chain's payout helper (POST /api/admin/chain/dev/payouts), against a real
 * anvil from npm with the demo USDC deployed (a block per transaction; the tests mine the rest):
 * the development account sends a pending rail withdrawal's net amount to its address, books
 * nothing, and the hash it answers then proves the payout through the normal pay route. Refused
 * for investors and off the development chain. The ledger audit runs after each test.
 */

/** The rail method's flat fee: a $50.00 withdrawal pays out $49.00 = 49 USDC exactly. */
const FLAT_FEE_CENTS = 100;
const NET_BASE_UNITS = 49_000_000n;
const transferEvent = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

let dev: DevRails;
let t: TestApp;
let admin: TestClient;
let railMethodId: string;
let node: ReturnType<typeof createTestClient>;

beforeAll(async () => {
  dev = await startDevRails({});
  node = createTestClient({ mode: 'anvil', transport: http(dev.chain.rpcUrl) });
  t = await createTestApp({}, { build: { chain: devChainSetup(dev) }, withdrawalFeePct: null });
  admin = await adminClient(t);
  railMethodId = await railMethodWithFlatFee(t, dev.rails, FLAT_FEE_CENTS);
}, 120_000);
afterAll(async () => {
  await t.close();
  await dev.chain.stop();
});
auditAfterEach(() => t);

const sendPayout = (client: TestClient, withdrawalId: string) =>
  client.post('/api/admin/chain/dev/payouts', { withdrawalId });

/** The demo USDC moved by a transaction: each Transfer log's recipient and value. */
async function usdcTransfersOf(hash: Hash) {
  const receipt = await devClients(dev.chain).public.getTransactionReceipt({ hash });
  return parseEventLogs({ abi: transferEvent, logs: receipt.logs })
    .filter((log) => log.address.toLowerCase() === dev.usdc.toLowerCase())
    .map((log) => ({ to: log.args.to, value: log.args.value }));
}

describe('the development chain’s payout of a withdrawal', () => {
  it('sends exactly the net amount to the address, books nothing, and its hash then proves the payout', async () => {
    const { investor, withdrawal, wallet } = await pendingRailWithdrawal(t, admin, railMethodId);
    const before = await summaryOf(investor.client);

    const sent = await sendPayout(admin, withdrawal.transactionId);
    expect(sent.statusCode, sent.body).toBe(200);
    const { txHash } = sent.json<{ txHash: Hash }>();
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await usdcTransfersOf(txHash)).toEqual([{ to: wallet, value: NET_BASE_UNITS }]);
    // Nothing is paid by it: the withdrawal waits, its hold untouched.
    const own = await investor.client.get(`/api/transactions/${withdrawal.transactionId}`);
    expect(own.json<{ transaction: Transaction }>().transaction).toMatchObject({
      status: 'pending',
      chainTx: null,
    });
    expect(await summaryOf(investor.client)).toEqual(before);

    // Its own block is one confirmation of three: the admin is told to wait, then it pays.
    const early = await admin.post(`/api/admin/withdrawals/${withdrawal.id}/pay`, { txHash });
    expect(early.statusCode).toBe(409);
    expectError(early, {
      code: 'PAYOUT_TX_UNCONFIRMED',
      params: { confirmations: 1, required: 3 },
      field: 'txHash',
    });
    await node.mine({ blocks: 2 });
    const paid = await admin.post(`/api/admin/withdrawals/${withdrawal.id}/pay`, { txHash });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<{ transaction: Transaction }>().transaction).toMatchObject({
      status: 'success',
      chainTx: { network: 'dev', hash: txHash, explorerUrl: null },
    });
    expect(await summaryOf(investor.client)).toMatchObject({ availableCents: 5_000, heldCents: 0 });

    // Paid: nothing more is sent for it.
    const again = await sendPayout(admin, withdrawal.id);
    expect(again.statusCode).toBe(409);
    expectError(again, { code: 'WITHDRAWAL_ALREADY_DECIDED', params: { outcome: 'paid' } });
  });

  it('is staff’s only, and only for a pending withdrawal on the rail', async () => {
    const { investor, withdrawal } = await pendingRailWithdrawal(t, admin, railMethodId);
    const refused = await sendPayout(investor.client, withdrawal.id);
    expect(refused.statusCode).toBe(403);

    const unknown = await sendPayout(admin, 'TNX-NOSUCH');
    expect(unknown.statusCode).toBe(404);
    expectError(unknown, { code: 'WITHDRAWAL_NOT_FOUND' });

    // A bank withdrawal is paid without a hash: there is nothing to send on the chain for it.
    const bank = await investor.client.post('/api/withdrawals', bankWithdrawal('10'));
    expect(bank.statusCode, bank.body).toBe(201);
    const offRail = await sendPayout(
      admin,
      bank.json<{ transaction: Transaction }>().transaction.id,
    );
    expect(offRail.statusCode).toBe(404);
    expectError(offRail, { code: 'CHAIN_NETWORK_UNKNOWN', field: 'withdrawalId' });
    const pending = await investor.client.get(`/api/transactions/${withdrawal.transactionId}`);
    expect(pending.json<{ transaction: Transaction }>().transaction.status).toBe('pending');
  });

  it('is refused off the development chain: the same rails configured, or none', async () => {
    const { withdrawal } = await pendingRailWithdrawal(t, admin, railMethodId);
    const configured = await createTestApp(
      {},
      {
        shareDatabaseWith: t,
        build: { chain: { rails: dev.rails, runtime: null, development: false } },
      },
    );
    const off = await createTestApp({}, { shareDatabaseWith: t });
    try {
      for (const app of [configured, off]) {
        const refused = await sendPayout(await adminClient(app), withdrawal.id);
        expect(refused.statusCode).toBe(404);
        expectError(refused, { code: 'CHAIN_FAUCET_OFF' });
      }
    } finally {
      await configured.close();
      await off.close();
    }
  });
});
