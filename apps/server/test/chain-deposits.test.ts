import { sql } from 'drizzle-orm';
import { createTestClient, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChainRuntime,
  deployDemoUsdc,
  depositAddressOf,
  mintDemoUsdc,
  parseChainRails,
  scanStep,
  connectRpc,
  settleOpen,
  startDevChain,
  startDevRails,
  transferManyDemoUsdc,
  watchOnce,
  type ChainRpc,
  type DevChain,
  type TokenWatch,
} from '../src/modules/chain';
import { eventually } from '@app/shared/test/eventually';
import type { TestApp } from './harness';
import { activeUser, summaryOf, useMoneyApp } from './money-helpers';

/**
 * Deposits credited from a real local EVM node (anvil, from npm; never a mocked RPC): each test
 * has its own network key (so its own cursor and address book) starting at the head when it
 * begins. The ledger audit runs after each test (useMoneyApp).
 */

let t: TestApp;
useMoneyApp((made) => ({ t } = made));

/** m/44'/60'/1' of the development mnemonic: its addresses hold nothing on the chain. */
const ACCOUNT_XPUB =
  'xpub6Ce9NcJvTk372KjsGfWqbcex5DumjpNquQLApoeQUavSCjEc823BV1tb4rXUuPuht8h2hSxkg2EXUaKUJmniJvRZAELxypsCzBFdtosmV76';
const USDC = (whole: number) => BigInt(Math.round(whole * 1_000_000));
const CONFIRMATIONS = 3;

let chain: DevChain;
let usdc: Address;
let unpriced: Address;
let node: ReturnType<typeof createTestClient>;
let networks = 0;

beforeAll(async () => {
  chain = await startDevChain();
  node = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) });
  usdc = await deployDemoUsdc(chain);
  unpriced = await deployDemoUsdc(chain);
}, 60_000);
afterAll(() => chain.stop());

/** A network of its own for one test, from the next block on; the USDC watch and the unpriced one. */
async function newNetwork(overrides: { maxBlocksPerScan?: number } = {}) {
  networks += 1;
  const head = await connectRpc(chain).head();
  const [network] = parseChainRails({
    networks: [
      {
        key: `dev-${networks}`,
        name: 'Development chain',
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        confirmations: CONFIRMATIONS,
        explorerTxUrl: 'http://127.0.0.1/tx/{hash}',
        xpub: ACCOUNT_XPUB,
        startBlock: Number(head),
        ...overrides,
        tokens: [
          { symbol: 'USDC', contract: usdc, decimals: 6, minimum: '1000000', usdRate: '1' },
          { symbol: 'XYZ', contract: unpriced, decimals: 6, minimum: '1' },
        ],
      },
    ],
  }).networks;
  if (!network) throw new Error('no network');
  const [usdcToken, unpricedToken] = network.tokens;
  if (!usdcToken || !unpricedToken) throw new Error('no tokens');
  const watch = (rpc: ChainRpc = connectRpc(network)): TokenWatch => ({
    network,
    token: usdcToken,
    rpc,
  });
  const unpricedWatch: TokenWatch = { network, token: unpricedToken, rpc: connectRpc(network) };
  return { network, watch, unpricedWatch };
}

/** An active investor with their deposit address on the network. */
async function investor(network: { key: string; xpub: string }, name?: string) {
  const made = await activeUser(t, name);
  const { address } = await depositAddressOf(t.ctx, network, made.user.id);
  return { ...made, address };
}

const mine = (blocks: number) => node.mine({ blocks });

async function transfersOf(userId: string) {
  const rows = await t.db.execute<{
    tx_hash: string;
    log_index: number;
    status: string;
    hold_reason: string | null;
    amount: string;
    cents_credited: string | null;
    remainder_base_units: string | null;
    ledger_transaction_id: string | null;
  }>(
    sql`SELECT tx_hash, log_index, status, hold_reason, amount::text, cents_credited::text,
               remainder_base_units::text, ledger_transaction_id
          FROM chain_transfers WHERE user_id = ${userId} ORDER BY block_number, log_index`,
  );
  return rows.rows;
}

async function cursorOf(network: string) {
  const rows = await t.db.execute<{ block_number: string }>(
    sql`SELECT block_number::text FROM chain_scan_cursors WHERE network = ${network}`,
  );
  const row = rows.rows[0];
  return row ? BigInt(row.block_number) : undefined;
}

async function creditsOf(userId: string) {
  const rows = await t.db.execute<{
    amount_cents: string;
    payment_reference: string;
    description: string;
  }>(
    sql`SELECT amount_cents::text, payment_reference, description FROM transactions
         WHERE user_id = ${userId} AND kind = 'deposit' ORDER BY created_at, id`,
  );
  return rows.rows;
}

describe('deposit addresses', () => {
  it('one per investor and network, the same every time, at increasing indexes', async () => {
    const { network } = await newNetwork();
    const first = await investor(network);
    const again = await depositAddressOf(t.ctx, network, first.user.id);
    const second = await investor(network, 'Grace Hopper');
    expect(again).toEqual({ network: network.key, address: first.address, derivationIndex: 0 });
    expect(second.address).not.toBe(first.address);
    // The known vector: m/44'/60'/1'/0/0 of the development mnemonic.
    expect(first.address).toBe('0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650');
  });

  it('two requests at once for one investor store one address', async () => {
    const { network } = await newNetwork();
    const { user } = await activeUser(t);
    const both = await Promise.all([
      depositAddressOf(t.ctx, network, user.id),
      depositAddressOf(t.ctx, network, user.id),
    ]);
    expect(both[0]).toEqual(both[1]);
  });
});

describe('deposits credited from the chain', () => {
  it('credits a transfer once after N confirmations, and not before', async () => {
    const { network, watch } = await newNetwork();
    const { user, client, address } = await investor(network);
    const hash = await mintDemoUsdc(chain, usdc, address, USDC(25));

    // In the head: 1 confirmation of 3.
    expect((await watchOnce(t.ctx, watch())).settled).toMatchObject({ credited: 0, confirming: 1 });
    await mine(1);
    expect((await watchOnce(t.ctx, watch())).settled).toMatchObject({ credited: 0 });
    expect((await transfersOf(user.id)).map((r) => r.status)).toEqual(['confirming']);
    expect((await summaryOf(client)).availableCents).toBe(0);

    await mine(1);
    expect((await watchOnce(t.ctx, watch())).settled).toMatchObject({ credited: 1 });
    await mine(5);
    expect((await watchOnce(t.ctx, watch())).settled).toMatchObject({ credited: 0 });

    expect(await transfersOf(user.id)).toMatchObject([
      { tx_hash: hash, status: 'credited', amount: '25000000', cents_credited: '2500' },
    ]);
    expect(await creditsOf(user.id)).toEqual([
      {
        amount_cents: '2500',
        payment_reference: hash,
        description: 'Deposit via USDC on Development chain',
      },
    ]);
    expect((await summaryOf(client)).availableCents).toBe(2_500);
    const notices = await t.db.execute<{ type: string; params: { amountCents: number } }>(
      sql`SELECT type, params FROM notifications WHERE user_id = ${user.id}`,
    );
    expect(notices.rows).toMatchObject([
      { type: 'deposit_approved', params: { amountCents: 2_500 } },
    ]);
  });

  it('two transfers in one transaction credit twice', async () => {
    const { network, watch } = await newNetwork();
    const { user, client, address } = await investor(network);
    const hash = await transferManyDemoUsdc(chain, usdc, [
      { to: address, amount: USDC(10) },
      { to: address, amount: USDC(15) },
    ]);
    await mine(CONFIRMATIONS);
    await watchOnce(t.ctx, watch());
    const rows = await transfersOf(user.id);
    expect(rows.map((r) => [r.tx_hash, r.status, r.cents_credited])).toEqual([
      [hash, 'credited', '1000'],
      [hash, 'credited', '1500'],
    ]);
    expect(rows[0]?.log_index).not.toBe(rows[1]?.log_index);
    expect((await summaryOf(client)).availableCents).toBe(2_500);
  });

  it('a reorg drops the unconfirmed transfer, and it is never credited', async () => {
    const { network, watch } = await newNetwork();
    const { user, client, address } = await investor(network);
    const bystander = await investor(network, 'Grace Hopper');
    const snapshot = await node.snapshot();
    await mintDemoUsdc(chain, usdc, address, USDC(40));
    await mine(1);
    await watchOnce(t.ctx, watch());
    expect((await transfersOf(user.id)).map((r) => r.status)).toEqual(['confirming']);

    // The fork without it: the same heights, other blocks (another transfer in the first).
    await node.revert({ id: snapshot });
    await mintDemoUsdc(chain, usdc, bystander.address, USDC(1));
    await mine(CONFIRMATIONS + 2);
    const pass = await watchOnce(t.ctx, watch());
    expect(pass.steps[0]).toMatchObject({ kind: 'rewound' });
    expect((await transfersOf(user.id)).map((r) => r.status)).toEqual(['dropped']);
    await mine(CONFIRMATIONS);
    await watchOnce(t.ctx, watch());

    expect((await transfersOf(user.id)).map((r) => r.status)).toEqual(['dropped']);
    expect(await creditsOf(user.id)).toEqual([]);
    expect((await summaryOf(client)).availableCents).toBe(0);
    // What the new chain holds is credited: the bystander's transfer, found by the rescan.
    expect((await transfersOf(bystander.user.id)).map((r) => r.status)).toEqual(['credited']);
  });

  it('a watcher stopped mid-range resumes from its cursor and credits each transfer once', async () => {
    const { network, watch } = await newNetwork({ maxBlocksPerScan: 2 });
    const { user, client, address } = await investor(network);
    for (const whole of [1, 2, 3, 4]) await mintDemoUsdc(chain, usdc, address, USDC(whole));
    await mine(CONFIRMATIONS);

    // Killed between reading the logs and recording them: nothing recorded, the cursor stays.
    const start = network.startBlock ?? 0n;
    const healthy = connectRpc(network);
    const failing: ChainRpc = {
      ...healthy,
      blockHash: (n) => (n > start ? Promise.reject(new Error('killed')) : healthy.blockHash(n)),
    };
    await expect(scanStep(t.ctx, watch(failing))).rejects.toThrow('killed');
    expect(await transfersOf(user.id)).toEqual([]);
    expect(await cursorOf(network.key)).toBe(start);

    // One range of two blocks, then stopped.
    expect(await scanStep(t.ctx, watch())).toMatchObject({ kind: 'scanned', recorded: 2 });
    await settleOpen(t.ctx, watch());
    // A new watcher (a restart) goes on from the cursor.
    await watchOnce(t.ctx, watch());
    await watchOnce(t.ctx, watch());

    const rows = await transfersOf(user.id);
    expect(rows.map((r) => [r.status, r.cents_credited])).toEqual([
      ['credited', '100'],
      ['credited', '200'],
      ['credited', '300'],
      ['credited', '400'],
    ]);
    expect((await summaryOf(client)).availableCents).toBe(1_000);
    expect(await cursorOf(network.key)).toBe(await connectRpc(chain).head());
  });

  it('two watchers at once credit each transfer once', async () => {
    const { network, watch } = await newNetwork({ maxBlocksPerScan: 1 });
    const users = await Promise.all(
      ['Ada', 'Grace', 'Edsger'].map((name) => investor(network, name)),
    );
    for (const [i, { address }] of users.entries()) {
      await mintDemoUsdc(chain, usdc, address, USDC(i + 1));
      await mintDemoUsdc(chain, usdc, address, USDC(10));
    }
    await mine(CONFIRMATIONS);
    const first = watch();
    const second = watch();
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([watchOnce(t.ctx, first), watchOnce(t.ctx, second)]);
    }
    for (const [i, { user, client }] of users.entries()) {
      expect((await transfersOf(user.id)).map((r) => r.status)).toEqual(['credited', 'credited']);
      expect(await creditsOf(user.id)).toHaveLength(2);
      expect((await summaryOf(client)).availableCents).toBe((i + 1) * 100 + 1_000);
    }
  });

  it('a token without a rate and a transfer below the minimum are recorded and held, not credited', async () => {
    const { network, watch, unpricedWatch } = await newNetwork();
    const { user, client, address } = await investor(network);
    await mintDemoUsdc(chain, usdc, address, USDC(0.99));
    await mintDemoUsdc(chain, unpriced, address, USDC(70));
    await mine(CONFIRMATIONS);
    await watchOnce(t.ctx, watch());
    await watchOnce(t.ctx, unpricedWatch);

    const rows = await transfersOf(user.id);
    expect(rows.map((r) => [r.amount, r.status, r.hold_reason, r.cents_credited])).toEqual([
      ['990000', 'held', 'below_minimum', null],
      ['70000000', 'held', 'no_rate', null],
    ]);
    expect(await creditsOf(user.id)).toEqual([]);
    expect((await summaryOf(client)).availableCents).toBe(0);
  });

  it('a transfer to a deleted account is held, and the others of the pass are credited', async () => {
    const { network, watch } = await newNetwork();
    const gone = await investor(network, 'Gone Away');
    const here = await investor(network, 'Still Here');
    await mintDemoUsdc(chain, usdc, gone.address, USDC(5));
    await mintDemoUsdc(chain, usdc, here.address, USDC(6));
    await t.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${gone.user.id}`);
    await mine(CONFIRMATIONS);
    expect((await watchOnce(t.ctx, watch())).settled).toMatchObject({ credited: 1, held: 1 });
    expect((await transfersOf(gone.user.id)).map((r) => [r.status, r.hold_reason])).toEqual([
      ['held', 'account_closed'],
    ]);
    expect(await creditsOf(gone.user.id)).toEqual([]);
    expect((await summaryOf(here.client)).availableCents).toBe(600);
  });

  it('an odd amount credits exact cents and records the rest: 1.234567 USDC is 123 cents + 4567', async () => {
    const { network, watch } = await newNetwork();
    const { user, client, address } = await investor(network);
    await mintDemoUsdc(chain, usdc, address, 1_234_567n);
    await mine(CONFIRMATIONS);
    await watchOnce(t.ctx, watch());
    expect(await transfersOf(user.id)).toMatchObject([
      { status: 'credited', cents_credited: '123', remainder_base_units: '4567' },
    ]);
    expect((await summaryOf(client)).availableCents).toBe(123);
  });
});

describe('the watchers at run time', () => {
  it('an RPC outage pauses crediting, is reported, and loses nothing: the next run resumes', async () => {
    const { network } = await newNetwork();
    const { user, client, address } = await investor(network);
    await mintDemoUsdc(chain, usdc, address, USDC(3));
    await mine(CONFIRMATIONS);

    // The same network through an RPC URL nothing answers on (port 9 on loopback: discard).
    const down = createChainRuntime(t.ctx, {
      networks: [{ ...network, rpcUrl: 'http://127.0.0.1:9', tokens: network.tokens.slice(0, 1) }],
    });
    const [outage] = await down.runOnce();
    expect(outage).toMatchObject({ network: network.key, token: 'USDC', lastPassAt: null });
    expect(outage?.lastError).toBeTruthy();
    expect(await transfersOf(user.id)).toEqual([]);

    const up = createChainRuntime(t.ctx, {
      networks: [{ ...network, tokens: network.tokens.slice(0, 1) }],
    });
    const [back] = await up.runOnce();
    const head = await connectRpc(chain).head();
    expect(back).toMatchObject({ lastError: null, cursorBlock: head, head });
    expect(back?.lastSettled).toMatchObject({ credited: 1 });
    expect((await summaryOf(client)).availableCents).toBe(300);
  });

  it('started, passes until stopped: a transfer is credited without anyone calling it', async () => {
    const { network } = await newNetwork();
    const { client, address } = await investor(network);
    const runtime = createChainRuntime(t.ctx, {
      networks: [{ ...network, tokens: network.tokens.slice(0, 1) }],
    });
    runtime.start(20);
    try {
      await mintDemoUsdc(chain, usdc, address, USDC(8));
      await mine(CONFIRMATIONS);
      await eventually(async () => expect((await summaryOf(client)).availableCents).toBe(800), {
        timeout: 15_000,
      });
    } finally {
      await runtime.stop();
    }
    expect(runtime.statuses()[0]).toMatchObject({ lastError: null });
  });

  it('refuses an RPC that answers another chain id', async () => {
    const { network } = await newNetwork();
    const runtime = createChainRuntime(t.ctx, {
      networks: [{ ...network, chainId: 1, tokens: network.tokens.slice(0, 1) }],
    });
    const [wrong] = await runtime.runOnce();
    expect(wrong?.lastError).toBe(`${network.key}: the RPC answers chain id 31337, not 1`);
    expect(await cursorOf(network.key)).toBeUndefined();
  });

  it('the development rails (npm start with nothing configured) credit test USDC', async () => {
    const dev = await startDevRails({});
    try {
      const [network] = dev.rails.networks;
      if (!network) throw new Error('no network');
      const { client, address } = await investor(network);
      await mintDemoUsdc(dev.chain, dev.usdc, address, USDC(12.5));
      await createTestClient({ mode: 'anvil', transport: http(dev.chain.rpcUrl) }).mine({
        blocks: 3,
      });
      const [status] = await createChainRuntime(t.ctx, dev.rails).runOnce();
      expect(status?.lastSettled).toMatchObject({ credited: 1 });
      expect((await summaryOf(client)).availableCents).toBe(1_250);
    } finally {
      await dev.chain.stop();
    }
  });
});
