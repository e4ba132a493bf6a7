import { sql } from 'drizzle-orm';
import { createTestClient, getAddress, http, parseAbi, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval } from '@app/shared/schemas/approvals';
import type { Transaction } from '@app/shared/schemas/transactions';
import {
  connectRpc,
  deployDemoUsdc,
  depositAddressOf,
  watchOnce,
  devClients,
  parseChainRails,
  startDevChain,
  transferManyDemoUsdc,
  type ChainRails,
  type DevChain,
} from '../src/modules/chain';
import { ensureDevRailMethod } from '../src/modules/payment-methods';
import {
  adminClient,
  approvedBySecondAdmin,
  createTestApp,
  expectError,
  secondAdmin,
  type TestApp,
  type TestClient,
} from './harness';
import {
  activeUser,
  auditAfterEach,
  countRows,
  cryptoWithdrawal,
  fund,
  summaryOf,
} from './money-helpers';
import {
  freshWallet,
  pendingRailWithdrawal as pendingWithdrawalOnRail,
  railMethodWithFlatFee,
} from './chain-fixtures';

/**
 * Payouts proven on a real local EVM node (anvil, from npm; never a mocked RPC): a withdrawal by
 * a crypto method on a rail is paid only with the hash of a transaction that sends the rail's
 * token, at least the net amount, to the withdrawal's address, with the network's
 * confirmations, and that proves no other payout. The ledger audit runs after each test.
 */

/** m/44'/60'/1' of the development mnemonic (deposit addresses apart from the funded accounts). */
const ACCOUNT_XPUB =
  'xpub6Ce9NcJvTk372KjsGfWqbcex5DumjpNquQLApoeQUavSCjEc823BV1tb4rXUuPuht8h2hSxkg2EXUaKUJmniJvRZAELxypsCzBFdtosmV76';
const CONFIRMATIONS = 3;
/** The rail method's flat withdrawal fee: a $50.00 withdrawal pays out $49.00 = 49 USDC. */
const FLAT_FEE_CENTS = 100;
const NET_BASE_UNITS = 49_000_000n;
const EXPLORER = 'https://explorer.test/tx/{hash}';

let t: TestApp;
let admin: TestClient;
let chain: DevChain;
let usdc: Address;
let otherToken: Address;
let rails: ChainRails;
let railMethodId: string;
let node: ReturnType<typeof createTestClient>;

beforeAll(async () => {
  chain = await startDevChain();
  node = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) });
  usdc = await deployDemoUsdc(chain);
  otherToken = await deployDemoUsdc(chain);
  rails = parseChainRails({
    networks: [
      {
        key: 'dev',
        name: 'Development chain',
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        confirmations: CONFIRMATIONS,
        explorerTxUrl: EXPLORER,
        xpub: ACCOUNT_XPUB,
        startBlock: 0,
        tokens: [{ symbol: 'USDC', contract: usdc, decimals: 6, minimum: '1000000', usdRate: '1' }],
      },
    ],
  });
  t = await createTestApp(
    {},
    { build: { chain: { rails, runtime: null, development: true } }, withdrawalFeePct: null },
  );
  admin = await adminClient(t);
  railMethodId = await railMethodWithFlatFee(t, rails, FLAT_FEE_CENTS);
}, 120_000);
afterAll(async () => {
  await t.close();
  await chain.stop();
});
auditAfterEach(() => t);

const mine = (blocks: number) => node.mine({ blocks });

/** Sends `amount` base units of `token` to `to` from the operator's (funded) account. */
const send = (to: Address, amount: bigint, token: Address = usdc): Promise<Hash> =>
  transferManyDemoUsdc(chain, token, [{ to, amount }]);

/** An investor with $100 whose $50.00 withdrawal by the rail method to `wallet` is pending. */
const pendingRailWithdrawal = (wallet?: Address) =>
  pendingWithdrawalOnRail(t, admin, railMethodId, wallet);

const pay = (id: string, body: Record<string, unknown> = {}, key?: string) =>
  admin.post(`/api/admin/withdrawals/${id}/pay`, body, key ? { 'idempotency-key': key } : {});

async function rowOf(id: string) {
  const rows = await t.db.execute<{
    status: string;
    chain_tx_hash: string | null;
    payout_details: Record<string, string>;
  }>(sql`SELECT status, chain_tx_hash, payout_details FROM transactions WHERE id = ${id}`);
  const row = rows.rows[0];
  if (!row) throw new Error('no such transaction');
  return row;
}

describe('the development rail method', () => {
  it('is added once, linked to the rail, and shown with its rail', async () => {
    await ensureDevRailMethod(t.db, rails);
    const methods = (await admin.get('/api/admin/payment-methods')).json<{
      methods: { name: string; railNetwork: string | null; railToken: string | null }[];
    }>().methods;
    const onRail = methods.filter((method) => method.railNetwork !== null);
    expect(onRail).toEqual([
      expect.objectContaining({ name: 'USDC (test)', railNetwork: 'dev', railToken: 'USDC' }),
    ]);
  });

  it('is not a method to report a deposit on: the chain credits it to the investor’s own address', async () => {
    const investor = await activeUser(t);
    const before = await t.db.execute(sql`SELECT count(*)::int AS n FROM transactions`);
    const response = await investor.client.post('/api/deposits', {
      methodId: railMethodId,
      amount: '25',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'PAYMENT_METHOD_REQUIRED', field: 'methodId' },
    });
    const after = await t.db.execute(sql`SELECT count(*)::int AS n FROM transactions`);
    expect(after.rows).toEqual(before.rows);
  });

  it('an admin links a method only to a configured rail', async () => {
    const body = { kind: 'crypto', name: 'USD Coin', network: 'Ethereum', address: 'see page' };
    const unknown = await admin.post('/api/admin/payment-methods', {
      ...body,
      railNetwork: 'ethereum',
      railToken: 'USDC',
    });
    expect(unknown.statusCode).toBe(404);
    expectError(unknown, { code: 'CHAIN_NETWORK_UNKNOWN', field: 'railNetwork' });
    const noToken = await admin.post('/api/admin/payment-methods', {
      ...body,
      railNetwork: 'dev',
      railToken: 'USDT',
    });
    expectError(noToken, { code: 'CHAIN_NETWORK_UNKNOWN', field: 'railToken' });
    const configured = await admin.post('/api/admin/payment-methods', {
      ...body,
      railNetwork: 'dev',
      railToken: 'USDC',
    });
    // Where money goes: a new method waits for a second admin, whose approval creates it.
    expect(configured.statusCode, configured.body).toBe(202);
    expect((await approvedBySecondAdmin(t, configured)).statusCode).toBe(200);
    const rows = await t.db.execute<{ rail_network: string; rail_token: string }>(
      sql`SELECT rail_network, rail_token FROM payment_methods WHERE name = 'USD Coin'`,
    );
    expect(rows.rows).toEqual([{ rail_network: 'dev', rail_token: 'USDC' }]);
  });
});

describe('a withdrawal address on a rail', () => {
  it('is refused when it is not an EVM address, or its mixed case is not its checksum', async () => {
    const investor = await activeUser(t);
    await fund(t, admin, investor.client, 10_000);
    const checksummed = freshWallet();
    // One letter's case flipped: still hex, no longer its EIP-55 checksum.
    const index = checksummed.slice(2).search(/[a-fA-F]/) + 2;
    const letter = checksummed.charAt(index);
    const flipped =
      checksummed.slice(0, index) +
      (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()) +
      checksummed.slice(index + 1);
    const before = await countRows(t, 'transactions');
    for (const address of ['0x1234', `${checksummed}00`, 'bc1qnotanevmaddress', flipped]) {
      const refused = await investor.client.post(
        '/api/withdrawals',
        cryptoWithdrawal(railMethodId, '10', address),
      );
      expect(refused.statusCode, address).toBe(400);
      expectError(refused, { code: 'WALLET_ADDRESS_INVALID', field: 'walletAddress' });
    }
    expect(await countRows(t, 'transactions')).toBe(before);
    expect((await summaryOf(investor.client)).heldCents).toBe(0);
  });

  it("is refused when it is one of the platform's own deposit addresses", async () => {
    const investor = await activeUser(t);
    await fund(t, admin, investor.client, 10_000);
    const [network] = rails.networks;
    if (!network) throw new Error('no network');
    const someone = await activeUser(t, 'Grace Hopper');
    const { address } = await depositAddressOf(t.ctx, network, someone.user.id);
    for (const text of [address, address.toLowerCase()]) {
      const refused = await investor.client.post(
        '/api/withdrawals',
        cryptoWithdrawal(railMethodId, '10', text),
      );
      expectError(refused, { code: 'WALLET_ADDRESS_OWN_DEPOSIT', field: 'walletAddress' });
    }
    expect((await summaryOf(investor.client)).heldCents).toBe(0);
  });

  it('is stored checksummed, with the rail it was asked on', async () => {
    const wallet = freshWallet();
    const { withdrawal } = await pendingRailWithdrawal(wallet.toLowerCase() as Address);
    expect((await rowOf(withdrawal.id)).payout_details).toMatchObject({
      walletAddress: getAddress(wallet),
      railNetwork: 'dev',
      railToken: 'USDC',
    });
  });
});

describe('paying a withdrawal on a rail', () => {
  it('is refused, changing nothing, without a hash or with one that does not prove the payout', async () => {
    const { investor, withdrawal, wallet } = await pendingRailWithdrawal();
    const before = await summaryOf(investor.client);
    const failing = devClients(chain, 7).wallet;
    const reverted = await failing.writeContract({
      address: usdc,
      abi: parseAbi(['function transfer(address to, uint256 value) returns (bool)']),
      functionName: 'transfer',
      // Account 7 holds no USDC: the transfer reverts (gas given, so nothing estimates it first).
      args: [wallet, NET_BASE_UNITS],
      gas: 200_000n,
    });
    const wrongRecipient = await send(freshWallet(), NET_BASE_UNITS);
    const wrongToken = await send(wallet, NET_BASE_UNITS, otherToken);
    const tooLittle = await send(wallet, NET_BASE_UNITS - 1n);
    await mine(CONFIRMATIONS);
    const unconfirmed = await send(wallet, NET_BASE_UNITS);

    const cases: [Record<string, unknown>, number, Record<string, unknown>][] = [
      [{}, 400, { code: 'PAYOUT_TX_REQUIRED', field: 'txHash' }],
      [{ txHash: 'not a hash' }, 400, { code: 'PAYOUT_TX_NOT_FOUND', field: 'txHash' }],
      [{ txHash: `0x${'12'.repeat(32)}` }, 400, { code: 'PAYOUT_TX_NOT_FOUND' }],
      [{ txHash: reverted }, 400, { code: 'PAYOUT_TX_NOT_FOUND', field: 'txHash' }],
      [{ txHash: wrongRecipient }, 400, { code: 'PAYOUT_TX_WRONG_TRANSFER', field: 'txHash' }],
      [{ txHash: wrongToken }, 400, { code: 'PAYOUT_TX_WRONG_TRANSFER', field: 'txHash' }],
      [
        { txHash: tooLittle },
        400,
        { code: 'PAYOUT_TX_TOO_LITTLE', params: { netCents: 4_900 }, field: 'txHash' },
      ],
      [
        { txHash: unconfirmed },
        409,
        {
          code: 'PAYOUT_TX_UNCONFIRMED',
          params: { confirmations: 1, required: CONFIRMATIONS },
          field: 'txHash',
        },
      ],
    ];
    for (const [body, status, error] of cases) {
      const refused = await pay(withdrawal.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expectError(refused, error);
    }
    expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'pending', chain_tx_hash: null });
    expect(await summaryOf(investor.client)).toEqual(before);
  });

  it('with the right hash, once confirmed, pays it once and the investor sees the hash and its explorer link', async () => {
    const { investor, withdrawal, wallet } = await pendingRailWithdrawal();
    // The hash in upper case (as a wallet may show it) is the same transaction.
    const hash = await send(wallet, NET_BASE_UNITS);
    await mine(CONFIRMATIONS - 1);
    const proof = { txHash: `0x${hash.slice(2).toUpperCase()}` };
    const paid = await pay(withdrawal.id, proof, 'pay-1');
    expect(paid.statusCode, paid.body).toBe(200);
    const chainTx = { network: 'dev', hash, explorerUrl: EXPLORER.replace('{hash}', hash) };
    expect(paid.json<{ transaction: Transaction }>().transaction).toMatchObject({
      status: 'success',
      chainTx,
    });
    // The same key again: the first answer (with another hash: refused); without it: paid already.
    const retried = await pay(withdrawal.id, proof, 'pay-1');
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(paid.json());
    expect((await pay(withdrawal.id, { txHash: hash }, 'pay-1')).statusCode).toBe(409);
    const again = await pay(withdrawal.id, { txHash: hash });
    expect(again.statusCode).toBe(409);
    expectError(again, { code: 'WITHDRAWAL_ALREADY_DECIDED' });

    const own = await investor.client.get(`/api/transactions/${withdrawal.transactionId}`);
    expect(own.json<{ transaction: Transaction }>().transaction.chainTx).toEqual(chainTx);
    const list = (await investor.client.get('/api/transactions')).json<{ items: Transaction[] }>();
    // The page PostgreSQL writes is the transaction as toTransaction shows it.
    expect(list.items.find((item) => item.id === withdrawal.id)).toEqual(
      own.json<{ transaction: Transaction }>().transaction,
    );
    const summary = await summaryOf(investor.client);
    expect(summary).toMatchObject({ availableCents: 5_000, heldCents: 0 });
  });

  it('refuses a hash that already proves another payout, also when two admins submit it at once', async () => {
    const wallet = freshWallet();
    const first = await pendingRailWithdrawal(wallet);
    const hash = await send(wallet, NET_BASE_UNITS);
    await mine(CONFIRMATIONS);
    expect((await pay(first.withdrawal.id, { txHash: hash })).statusCode).toBe(200);
    const second = await pendingRailWithdrawal(wallet);
    const reused = await pay(second.withdrawal.id, { txHash: hash });
    expect(reused.statusCode).toBe(409);
    expectError(reused, { code: 'PAYOUT_TX_USED', field: 'txHash' });
    expect(await rowOf(second.withdrawal.id)).toMatchObject({ status: 'pending' });

    // Two withdrawals alike, one transaction, both paid with it at the same instant: one wins.
    const twin = await pendingRailWithdrawal(wallet);
    const shared = await send(wallet, NET_BASE_UNITS);
    await mine(CONFIRMATIONS);
    const answers = await Promise.all(
      [second, twin].map(({ withdrawal }) => pay(withdrawal.id, { txHash: shared })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409);
    if (loser) expectError(loser, { code: 'PAYOUT_TX_USED' });
  });
});

describe('a payout on a rail above the four-eyes threshold', () => {
  it('is proven when the first admin asks, stored, and paid when the second approves', async () => {
    const checker = (await secondAdmin(t)).client;
    const threshold = await admin.put('/api/admin/settings/four-eyes', { threshold: '10' });
    if (threshold.statusCode === 202) {
      const { approval } = threshold.json<{ approval: Approval }>();
      expect((await checker.post(`/api/admin/approvals/${approval.id}/approve`)).statusCode).toBe(
        200,
      );
    }
    try {
      const { investor, withdrawal, wallet } = await pendingRailWithdrawal();
      expectError(await pay(withdrawal.id), { code: 'PAYOUT_TX_REQUIRED' });
      const short = await send(wallet, NET_BASE_UNITS - 1n);
      await mine(CONFIRMATIONS);
      expectError(await pay(withdrawal.id, { txHash: short }), { code: 'PAYOUT_TX_TOO_LITTLE' });
      const hash = await send(wallet, NET_BASE_UNITS);
      await mine(CONFIRMATIONS);
      const asked = await pay(withdrawal.id, { txHash: hash });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'pending', chain_tx_hash: hash });
      expect((await summaryOf(investor.client)).heldCents).toBe(5_000);

      const { approval } = asked.json<{ approval: Approval }>();
      const approved = await checker.post(`/api/admin/approvals/${approval.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await rowOf(withdrawal.id)).toMatchObject({ status: 'success', chain_tx_hash: hash });
      expect((await summaryOf(investor.client)).heldCents).toBe(0);
    } finally {
      await t.db.execute(sql`DELETE FROM settings WHERE key = 'four_eyes_threshold_cents'`);
    }
  });
});

describe('a deposit credited from the chain', () => {
  it("shows its transaction hash and explorer link in the investor's list", async () => {
    const [network] = rails.networks;
    const token = network?.tokens[0];
    if (!network || !token) throw new Error('no rail');
    const investor = await activeUser(t);
    const { address } = await depositAddressOf(t.ctx, network, investor.user.id);
    const hash = await send(address, 2_500_000n);
    await mine(CONFIRMATIONS);
    await watchOnce(t.ctx, { network, token, rpc: connectRpc(network) });
    const list = (await investor.client.get('/api/transactions')).json<{ items: Transaction[] }>();
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        amountCents: 250,
        chainTx: { network: 'dev', hash, explorerUrl: EXPLORER.replace('{hash}', hash) },
      }),
    ]);
  });
});
