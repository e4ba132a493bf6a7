import { createTestClient, getAddress, http, type Address } from 'viem';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  AdminChainTransfer,
  ChainRail,
  ChainTransfer,
  ChainWatcherStatus,
} from '@app/shared/schemas/chain';
import {
  createChainRuntime,
  parseChainRails,
  startDevRails,
  transferManyDemoUsdc,
  type ChainSetup,
  type DevRails,
} from '../src/modules/chain';
import { auditLedger } from '../src/modules/ledger/ledger.audit';
import { createTestApp, registerUser, type TestApp, type TestClient } from './harness';
import { devChainSetup, ethereumRails } from './chain-fixtures';
import { latestMailboxMail } from './mailbox-helpers';
import { activeUser, adminClient, summaryOf } from './money-helpers';

/**
 * The chain routes against a real development chain (anvil from npm, the demo USDC deployed; no
 * block time: a block per transaction, and the tests mine the rest): the rails, each investor's
 * own address and transfers, the faucet, and the back office's transfers and watchers. The
 * ledger audit runs after each test.
 */

let dev: DevRails;
let t: TestApp;
let admin: TestClient;
let setup: ChainSetup;
let node: ReturnType<typeof createTestClient>;

beforeAll(async () => {
  dev = await startDevRails({});
  node = createTestClient({ mode: 'anvil', transport: http(dev.chain.rpcUrl) });
  setup = devChainSetup(dev);
  t = await createTestApp({}, { build: { chain: setup } });
  // The runtime needs the app's context; the routes read it from the setup when asked.
  setup.runtime = createChainRuntime(t.ctx, dev.rails);
  admin = await adminClient(t);
}, 120_000);
afterEach(async () => {
  expect(await auditLedger(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.close();
  await dev.chain.stop();
});

const pass = () => setup.runtime?.runOnce();
const mine = (blocks: number) => node.mine({ blocks });

async function addressOf(client: TestClient): Promise<Address> {
  const response = await client.get('/api/chain/networks/dev/address');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ address: { address: Address } }>().address.address;
}

async function transfersOf(client: TestClient) {
  const response = await client.get('/api/chain/transfers');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ transfers: ChainTransfer[] }>().transfers;
}

describe('the rails and the investor’s own address', () => {
  it('lists each token on each network as the deposit page shows it', async () => {
    const { client } = await activeUser(t);
    const response = await client.get('/api/chain/rails');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ rails: ChainRail[] }>().rails).toEqual([
      {
        network: 'dev',
        networkName: 'Development chain',
        chainId: 31337,
        token: 'USDC',
        contract: getAddress(dev.usdc),
        decimals: 6,
        minimum: '1000000',
        confirmations: 3,
        credited: true,
        development: true,
      },
    ]);
  });

  it('one address per investor, the same every time, another for someone else', async () => {
    const ada = await activeUser(t);
    const grace = await activeUser(t, 'Grace Hopper');
    const first = await addressOf(ada.client);
    expect(await addressOf(ada.client)).toBe(first);
    expect(first).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await addressOf(grace.client)).not.toBe(first);
  });

  it('only for an account that may deposit; an unknown network is named', async () => {
    const waiting = await registerUser(t.app, { name: 'Not Yet Active' });
    const refused = await waiting.client.get('/api/chain/networks/dev/address');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('ACCOUNT_NOT_ACTIVE');
    const { client } = await activeUser(t);
    const unknown = await client.get('/api/chain/networks/ethereum/address');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { code: string } }>().error.code).toBe('CHAIN_NETWORK_UNKNOWN');
  });
});

describe('the faucet and the investor’s transfers', () => {
  it('test USDC to the own address: confirming 1 of 3, then credited with its deposit; only the owner sees it', async () => {
    const ada = await activeUser(t);
    const other = await activeUser(t, 'Someone Else');
    const address = await addressOf(ada.client);
    const sent = await ada.client.post('/api/chain/dev/faucet', { network: 'dev', amount: 12 });
    expect(sent.statusCode, sent.body).toBe(200);
    const { txHash } = sent.json<{ txHash: string }>();
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);

    await pass();
    const [seen] = await transfersOf(ada.client);
    expect(seen).toMatchObject({
      network: 'dev',
      networkName: 'Development chain',
      token: 'USDC',
      txHash,
      // The development chain has no explorer: the hash is shown without a link.
      explorerUrl: null,
      amount: '12000000',
      amountText: '12',
      status: 'confirming',
      confirmations: 1,
      confirmationsRequired: 3,
      centsCredited: null,
      transactionId: null,
    });
    expect(await transfersOf(other.client)).toEqual([]);

    await mine(2);
    await pass();
    const [credited] = await transfersOf(ada.client);
    expect(credited).toMatchObject({
      status: 'credited',
      confirmations: 3,
      centsCredited: 12_00,
      holdReason: null,
    });
    const summary = await summaryOf(ada.client);
    expect(summary.availableCents).toBe(12_00);
    expect(credited?.transactionId).toBe(summary.recentTransactions[0]?.transactionId);
    expect(credited?.settledAt).not.toBeNull();
    expect(address).toBe(
      (await admin.get(`/api/admin/chain/transfers?status=credited`))
        .json<{ transfers: AdminChainTransfer[] }>()
        .transfers.find((row) => row.txHash === txHash)?.toAddress,
    );
  });

  it('counts each account’s faucet requests: the eleventh in ten minutes is refused', async () => {
    const { client } = await activeUser(t);
    for (let i = 0; i < 10; i += 1) {
      const ok = await client.post('/api/chain/dev/faucet', { network: 'dev', amount: 1 });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const refused = await client.post('/api/chain/dev/faucet', { network: 'dev', amount: 1 });
    expect(refused.statusCode).toBe(429);
    // Another account still may.
    const other = await activeUser(t, 'Other Tester');
    expect((await other.client.post('/api/chain/dev/faucet', { network: 'dev' })).statusCode).toBe(
      200,
    );
    await mine(3);
    await pass();
  });

  it('refuses another network, and an account that may not deposit', async () => {
    const { client } = await activeUser(t);
    const unknown = await client.post('/api/chain/dev/faucet', { network: 'ethereum' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { code: string; field?: string } }>().error).toMatchObject({
      code: 'CHAIN_NETWORK_UNKNOWN',
    });
    const waiting = await registerUser(t.app, { name: 'Not Yet Active' });
    const refused = await waiting.client.post('/api/chain/dev/faucet', { network: 'dev' });
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('ACCOUNT_NOT_ACTIVE');
  });
});

describe('live updates, the e-mail and the audit of a credit', () => {
  it('tells the owner and the admins once per pass: seen, each confirmation, credited; nothing when nothing moved', async () => {
    const ana = await activeUser(t, 'Ana Cadena');
    const saved = await ana.client.put('/api/notifications/preferences', { language: 'es' });
    expect(saved.statusCode, saved.body).toBe(200);
    // Two transfers in one transaction: still one event per pass for Ana.
    const address = await addressOf(ana.client);
    await transferManyDemoUsdc(dev.chain, dev.usdc, [
      { to: address, amount: 7_000_000n },
      { to: address, amount: 5_000_000n },
    ]);
    const publish = vi.spyOn(t.ctx.realtime, 'publish');
    const eventsOfAna = () =>
      publish.mock.calls.filter(
        ([channel, event]) =>
          event.type === 'chain.transfers.changed' &&
          (channel === `user:${ana.user.id}` ||
            (channel === 'admin' && event.data.userId === ana.user.id)),
      );
    try {
      await pass(); // recorded, confirming 1 of 3
      expect(eventsOfAna().map(([channel]) => channel)).toEqual([`user:${ana.user.id}`, 'admin']);
      await pass(); // nothing moved
      expect(eventsOfAna()).toHaveLength(2);
      await mine(1);
      await pass(); // 2 of 3
      expect(eventsOfAna()).toHaveLength(4);
      await mine(1);
      await pass(); // credited, both
      expect(eventsOfAna()).toHaveLength(6);
      const transfers = await transfersOf(ana.client);
      expect(transfers.map((row) => row.status)).toEqual(['credited', 'credited']);
      const [, event] = eventsOfAna()[5] ?? [];
      expect(transfers.map((row) => row.id)).toContain(
        event?.type === 'chain.transfers.changed' ? event.data.transferId : undefined,
      );
    } finally {
      publish.mockRestore();
    }

    // The in-app alert and the e-mail, in Ana's language, for each credit.
    const mail = await latestMailboxMail(t, ana.user.email, 'deposit_approved');
    expect([
      'Su depósito de $7.00 está confirmado',
      'Su depósito de $5.00 está confirmado',
    ]).toContain(mail.subject);
    const alerts = await ana.client.get('/api/notifications');
    expect(
      alerts
        .json<{ notifications: { type: string }[] }>()
        .notifications.filter((n) => n.type === 'deposit_approved'),
    ).toHaveLength(2);

    // Each credit audited, by the system (no admin decided it), naming the transfer.
    const audited = await t.db.execute<{ actor_id: string | null; details: { txHash: string } }>(
      sql`SELECT actor_id, details FROM audit_log
           WHERE action = 'deposit.credited_from_chain' AND details->>'userId' = ${ana.user.id}`,
    );
    expect(audited.rows).toHaveLength(2);
    expect(audited.rows.every((row) => row.actor_id === null)).toBe(true);
    expect(audited.rows.map((row) => row.details.txHash)).toEqual(
      (await transfersOf(ana.client)).map((row) => row.txHash),
    );
  });
});

describe('the back office', () => {
  it('pages every transfer newest first with the owner’s e-mail, filtered by status; staff only', async () => {
    const ada = await activeUser(t, 'Paged Investor');
    const address = await addressOf(ada.client);
    // 51 transfers in one transaction (one log each), all below the minimum.
    await transferManyDemoUsdc(
      dev.chain,
      dev.usdc,
      Array.from({ length: 51 }, (_, i) => ({ to: address, amount: BigInt(1000 + i) })),
    );
    await pass();

    const first = await admin.get('/api/admin/chain/transfers?status=confirming');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<{ transfers: AdminChainTransfer[]; nextCursor: string | null }>();
    expect(page1.transfers).toHaveLength(50);
    expect(page1.nextCursor).not.toBeNull();
    expect(page1.transfers[0]).toMatchObject({
      userId: ada.user.id,
      userEmail: ada.user.email,
      toAddress: address,
      status: 'confirming',
    });
    const second = await admin.get(
      `/api/admin/chain/transfers?status=confirming&cursor=${page1.nextCursor ?? ''}`,
    );
    const page2 = second.json<{ transfers: AdminChainTransfer[]; nextCursor: string | null }>();
    expect(page2.nextCursor).toBeNull();
    const all = [...page1.transfers, ...page2.transfers].filter(
      (row) => row.userId === ada.user.id,
    );
    expect(new Set(all.map((row) => row.amount)).size).toBe(51);

    await mine(2);
    await pass();
    const held = await admin.get('/api/admin/chain/transfers?status=held');
    const heldRows = held.json<{ transfers: AdminChainTransfer[] }>().transfers;
    expect(heldRows.filter((row) => row.userId === ada.user.id)).toHaveLength(50);
    expect(heldRows.every((row) => row.holdReason === 'below_minimum')).toBe(true);

    const bad = await admin.get('/api/admin/chain/transfers?cursor=nonsense');
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('INVALID_CURSOR');
    expect((await ada.client.get('/api/admin/chain/transfers')).statusCode).toBe(403);
  });

  it('reports each watcher: cursor, head, blocks behind, last pass', async () => {
    await pass();
    const response = await admin.get('/api/admin/chain/watchers');
    expect(response.statusCode).toBe(200);
    const [watcher] = response.json<{ watchers: ChainWatcherStatus[] }>().watchers;
    expect(watcher).toMatchObject({
      network: 'dev',
      networkName: 'Development chain',
      token: 'USDC',
      blocksBehind: 0,
      lastError: null,
    });
    expect(watcher?.head).toBe(watcher?.cursorBlock);
    expect(watcher?.lastPassAt).not.toBeNull();
  });
});

/** A price tick now, so /readyz answers on the chain's account alone (ops.test.ts does the same). */
async function freshPriceTick(app: TestApp) {
  await app.pool.query(
    `INSERT INTO market_prices (symbol, price, open_24h, at) VALUES ('BTCUSDT', 60000, 59000, $1)
     ON CONFLICT (symbol) DO UPDATE SET at = excluded.at`,
    [app.clock.now()],
  );
}

const sample = (exposition: string, name: string, labels: string) => {
  const line = exposition.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.split(' ').pop());
};

describe('health: /readyz and /metrics', () => {
  it('report each watcher; the credits are counted', async () => {
    await freshPriceTick(t);
    await pass();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    const body = ready.json<{ chain: { crediting: string; watchers: unknown[] } }>();
    expect(body.chain).toMatchObject({
      crediting: 'running',
      servingUnaffected: true,
      watchers: [{ network: 'dev', token: 'USDC', blocksBehind: 0, failing: false }],
    });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    const labels = 'network="dev",token="USDC"';
    expect(sample(metrics.body, 'chain_watcher_blocks_behind', labels)).toBe(0);
    expect(
      sample(metrics.body, 'chain_watcher_last_pass_age_seconds', labels),
    ).toBeGreaterThanOrEqual(0);
    // The earlier tests credited at least the faucet's 12 USDC and Ana's two transfers.
    expect(sample(metrics.body, 'chain_credits_total', labels)).toBeGreaterThanOrEqual(3);
  });

  it('an RPC outage pauses crediting and keeps the instance ready, saying so', async () => {
    const rails = parseChainRails({
      networks: [
        {
          ...dev.input.networks[0],
          key: 'unreachable',
          name: 'Unreachable chain',
          rpcUrl: 'http://127.0.0.1:9',
        },
      ],
    });
    const outage: ChainSetup = { rails, runtime: null, development: false };
    const down = await createTestApp({}, { shareDatabaseWith: t, build: { chain: outage } });
    try {
      outage.runtime = createChainRuntime(down.ctx, rails);
      await outage.runtime.runOnce();
      await freshPriceTick(down);
      const ready = await down.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode, ready.body).toBe(200);
      const { chain } = ready.json<{
        chain: { crediting: string; note: string; watchers: { failing: boolean }[] };
      }>();
      expect(chain.crediting).toBe('paused');
      expect(chain.note).toContain('the instance keeps serving');
      expect(chain.watchers[0]?.failing).toBe(true);
      const metrics = (await down.app.inject({ method: 'GET', url: '/metrics' })).body;
      const labels = 'network="unreachable",token="USDC"';
      expect(sample(metrics, 'chain_watcher_last_pass_age_seconds', labels)).toBeNaN();
      expect(sample(metrics, 'chain_credits_total', labels)).toBe(0);
      const watchers = await (await adminClient(down)).get('/api/admin/chain/watchers');
      const [status] = watchers.json<{ watchers: ChainWatcherStatus[] }>().watchers;
      expect(status).toMatchObject({
        network: 'unreachable',
        blocksBehind: null,
        lastPassAt: null,
      });
      // The staff see the failure, its URLs cut to their origin (a provider's key sits in the path).
      expect(status?.lastError).toBeTruthy();
      expect(status?.lastError).not.toMatch(/127\.0\.0\.1:9\/[^…]/);
    } finally {
      await down.close();
    }
  }, 60_000);
});

describe('without the development chain', () => {
  it('no rails: nothing listed, no address, no faucet; configured rails: still no faucet', async () => {
    const off = await createTestApp({}, { shareDatabaseWith: t });
    const configured = await createTestApp(
      {},
      {
        shareDatabaseWith: t,
        build: {
          chain: {
            rails: parseChainRails(ethereumRails({ rpcUrl: 'http://127.0.0.1:9' })),
            runtime: null,
            development: false,
          },
        },
      },
    );
    try {
      const code = (response: { json: <T>() => T }) =>
        response.json<{ error: { code: string } }>().error.code;
      const offUser = await activeUser(off);
      expect((await offUser.client.get('/api/chain/rails')).json()).toEqual({ rails: [] });
      expect(code(await offUser.client.get('/api/chain/networks/dev/address'))).toBe(
        'CHAIN_RAILS_OFF',
      );
      const offFaucet = await offUser.client.post('/api/chain/dev/faucet', { network: 'dev' });
      expect(offFaucet.statusCode).toBe(404);
      expect(code(offFaucet)).toBe('CHAIN_FAUCET_OFF');

      const investor = await activeUser(configured);
      const rails = (await investor.client.get('/api/chain/rails')).json<{ rails: ChainRail[] }>();
      expect(rails.rails.map((rail) => [rail.network, rail.development])).toEqual([
        ['ethereum', false],
      ]);
      expect((await investor.client.get('/api/chain/networks/ethereum/address')).statusCode).toBe(
        200,
      );
      const faucet = await investor.client.post('/api/chain/dev/faucet', { network: 'ethereum' });
      expect(faucet.statusCode).toBe(404);
      expect(code(faucet)).toBe('CHAIN_FAUCET_OFF');
    } finally {
      await off.close();
      await configured.close();
    }
  });
});
