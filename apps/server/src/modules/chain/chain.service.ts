import { getAddress } from 'viem';
import type {
  AdminChainTransfer,
  ChainRail,
  ChainTransfer,
  ChainWatcherStatus,
} from '@app/shared/schemas/chain';
import { cacheKey } from '../../caches';
import type { AppContext } from '../../context';
import { decodeCursor, keysetPage } from '../../db/keyset';
import type { UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { requireActiveAccount } from '../ledger';
import { displayIdsOf } from '../transactions';
import { userEmails } from '../users';
import { depositAddressOf } from './addresses.service';
import { explorerTxLink, type ChainNetwork, type ChainRails } from './chain.config';
import type { ChainTransferRow, ChainTransferStatus } from './chain.schema';
import type { ChainSetup, DevFaucet } from './chain.setup';
import { blocksBehind, type WatcherStatus } from './chain.runtime';
import * as repo from './chain.repo';
import { mintDemoUsdc, transferManyDemoUsdc } from './dev/demo-usdc';
import { payoutBaseUnits, railOf } from './payouts.service';
import { confirmationsShown } from './domain/scan-range';
import { tokenAmountText, wholeTokens } from './domain/units';

/**
 * The crypto rails as investors and staff see them: the networks and tokens credited, the
 * investor's own deposit address and transfers, the development faucet, and the back office's
 * transfers and watchers. `setup` is what the wiring opened (undefined: no rails).
 */

const NO_RAILS: ChainRails = { networks: [] };
const railsOf = (setup: ChainSetup | undefined) => setup?.rails ?? NO_RAILS;

/** The investor's transfers list and the faucet's default: at most this many, 25 test USDC. */
export const OWN_TRANSFERS_LIMIT = 50;
export const ADMIN_TRANSFERS_PAGE = 50;
export const FAUCET_DEFAULT_TOKENS = 25;

/** GET /api/chain/rails: each token on each network, as the deposit page shows it. */
export function listRails(setup: ChainSetup | undefined): ChainRail[] {
  return railsOf(setup).networks.flatMap((network) =>
    network.tokens.map((token) => ({
      network: network.key,
      networkName: network.name,
      chainId: network.chainId,
      token: token.symbol,
      contract: token.contract,
      decimals: token.decimals,
      minimum: token.minimum.toString(),
      confirmations: network.confirmations,
      credited: token.usdRate !== null,
      development: setup?.development ?? false,
    })),
  );
}

/** The network of a request, or the refusal saying there are no rails or no such network. */
function networkOf(setup: ChainSetup | undefined, key: string, field?: string): ChainNetwork {
  const { networks } = railsOf(setup);
  if (networks.length === 0) throw refusal('CHAIN_RAILS_OFF');
  const network = networks.find((candidate) => candidate.key === key);
  if (!network) throw refusal('CHAIN_NETWORK_UNKNOWN', {}, field);
  return network;
}

/**
 * GET /api/chain/networks/:network/address: the investor's own address, made on first ask; only
 * for an account that may deposit (the rule of POST /api/deposits).
 */
export async function ownAddress(
  ctx: AppContext,
  setup: ChainSetup | undefined,
  user: UserRow,
  networkKey: string,
) {
  const network = networkOf(setup, networkKey);
  requireActiveAccount(user);
  const { address } = await depositAddressOf(ctx, network, user.id);
  return { address: { network: network.key, address } };
}

/** GET /api/chain/transfers: the investor's own, newest first, with confirmations k of N. */
export async function ownTransfers(
  ctx: AppContext,
  setup: ChainSetup | undefined,
  userId: string,
): Promise<ChainTransfer[]> {
  const rows = await repo.listOwnTransfers(ctx.db, userId, OWN_TRANSFERS_LIMIT);
  return rows.map(await transferViewer(ctx, setup, rows));
}

/**
 * How each of `rows` is shown: its network in words, its amount in tokens, its confirmations at
 * the watcher's last head, the credited deposit's display id.
 */
async function transferViewer(
  ctx: AppContext,
  setup: ChainSetup | undefined,
  rows: ChainTransferRow[],
): Promise<(row: ChainTransferRow) => ChainTransfer> {
  const credited = rows.flatMap((row) =>
    row.ledgerTransactionId ? [row.ledgerTransactionId] : [],
  );
  const displayIds = await displayIdsOf(ctx.db, credited);
  const heads = new Map(
    (setup?.runtime?.statuses() ?? []).map((s) => [`${s.network}|${s.token}`, s.head]),
  );
  const networks = new Map(railsOf(setup).networks.map((network) => [network.key, network]));
  return (row) => {
    const network = networks.get(row.network);
    const token = network?.tokens.find((t) => t.contract.toLowerCase() === row.token.toLowerCase());
    const required = network?.confirmations ?? 0;
    const head = heads.get(`${row.network}|${row.symbol}`) ?? null;
    return {
      id: row.id,
      network: row.network,
      networkName: network?.name ?? row.network,
      token: row.symbol,
      txHash: row.txHash,
      explorerUrl: network ? explorerTxLink(network, row.txHash) : null,
      amount: row.amount.toString(),
      // A token no longer configured: its decimals are unknown, the base units are shown.
      amountText: token ? tokenAmountText(row.amount, token.decimals) : row.amount.toString(),
      status: row.status,
      confirmations: confirmationsShown(row.status, row.blockNumber, head, required),
      confirmationsRequired: required,
      holdReason: row.holdReason ?? null,
      centsCredited: row.centsCredited === null ? null : Number(row.centsCredited),
      transactionId: row.ledgerTransactionId
        ? (displayIds.get(row.ledgerTransactionId) ?? null)
        : null,
      seenAt: row.seenAt.toISOString(),
      settledAt: row.settledAt?.toISOString() ?? null,
    };
  };
}

/**
 * Staff: every transfer (of one status), newest first, one page after the cursor, with its
 * owner's e-mail and the addresses it went between.
 */
export async function adminTransfers(
  ctx: AppContext,
  setup: ChainSetup | undefined,
  query: { status?: ChainTransferStatus | undefined; cursor?: string | undefined },
): Promise<{ transfers: AdminChainTransfer[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (query.cursor && !after) throw refusal('INVALID_CURSOR', {}, 'cursor');
  const rows = await repo.listTransfers(ctx.db, {
    status: query.status,
    after,
    limit: ADMIN_TRANSFERS_PAGE + 1,
  });
  const { page, nextCursor } = keysetPage(rows, ADMIN_TRANSFERS_PAGE, (item) => ({
    createdAt: item.cursorAt,
    id: item.row.id,
  }));
  const transfers = page.map((item) => item.row);
  const [view, emails] = await Promise.all([
    transferViewer(ctx, setup, transfers),
    userEmails(
      ctx,
      transfers.map((row) => row.userId),
    ),
  ]);
  return {
    transfers: transfers.map((row) => ({
      ...view(row),
      userId: row.userId,
      userEmail: emails.get(row.userId) ?? null,
      fromAddress: row.fromAddress,
      toAddress: row.toAddress,
      blockNumber: row.blockNumber.toString(),
    })),
    nextCursor,
  };
}

/** Each watcher's health: blocks behind the head, its last pass, its last error. */
export function watcherViews(setup: ChainSetup | undefined): ChainWatcherStatus[] {
  const names = new Map(railsOf(setup).networks.map((network) => [network.key, network.name]));
  return (setup?.runtime?.statuses() ?? []).map((status) =>
    watcherView(status, names.get(status.network) ?? status.network),
  );
}

function watcherView(status: WatcherStatus, networkName: string): ChainWatcherStatus {
  return {
    network: status.network,
    networkName,
    token: status.token,
    cursorBlock: status.cursorBlock?.toString() ?? null,
    head: status.head?.toString() ?? null,
    blocksBehind: blocksBehind(status),
    lastPassAt: status.lastPassAt?.toISOString() ?? null,
    lastError: status.lastError,
  };
}

/** One transaction at a time per instance: the development account's transactions take its nonces in turn. */
const DEV_ACCOUNT_QUEUE = cacheKey<{ last: Promise<unknown> }>('chain dev account queue');

/** Runs `send` (transactions of the development account) after the ones already asked for. */
function inTurn<T>(ctx: AppContext, send: () => Promise<T>): Promise<T> {
  const queue = ctx.caches.keep(DEV_ACCOUNT_QUEUE, () => ({ last: Promise.resolve() }));
  const sent = queue.last.then(send);
  queue.last = sent.catch(() => undefined);
  return sent;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The development chain's node and demo USDC, or CHAIN_FAUCET_OFF: test money exists only there. */
export function requireDevChain(setup: ChainSetup | undefined): DevFaucet {
  const dev = setup?.development ? setup.devChain : undefined;
  if (!dev) throw refusal('CHAIN_FAUCET_OFF');
  return dev;
}

/**
 * POST /api/chain/dev/faucet: test USDC minted to the investor's own deposit address on the
 * development chain (refused anywhere else); resolves with the mined transaction's hash.
 */
export async function faucet(
  ctx: AppContext,
  setup: ChainSetup | undefined,
  user: UserRow,
  body: { network: string; amount?: number | undefined },
) {
  const dev = requireDevChain(setup);
  const network = networkOf(setup, body.network, 'network');
  const token = network.tokens.find((t) => sameAddress(t.contract, dev.token));
  if (network.key !== dev.network || !token) {
    throw refusal('CHAIN_NETWORK_UNKNOWN', {}, 'network');
  }
  const { address } = await ownAddress(ctx, setup, user, network.key);
  const amount = wholeTokens(body.amount ?? FAUCET_DEFAULT_TOKENS, token.decimals);
  return { txHash: await inTurn(ctx, () => mintDemoUsdc(dev, dev.token, address.address, amount)) };
}

/**
 * A withdrawal's payout on the development chain, where an admin has no wallet to send from
 * (POST /api/admin/chain/dev/payouts; CHAIN_FAUCET_OFF anywhere else): the development account
 * sends the net amount of demo USDC, in base units exactly as the proof requires it
 * (payoutBaseUnits), to the withdrawal's address. Resolves with the mined transaction's hash,
 * which the admin then pays the withdrawal with: nothing is booked or marked paid here.
 */
export async function sendDevPayout(
  ctx: AppContext,
  setup: ChainSetup | undefined,
  payout: { rail: { network: string; token: string }; to: string; netCents: bigint },
) {
  const dev = requireDevChain(setup);
  const rail = railOf(setup?.rails, payout.rail, 'withdrawalId');
  // The development account holds the demo USDC only.
  if (rail.network.key !== dev.network || !sameAddress(rail.token.contract, dev.token)) {
    throw refusal('CHAIN_NETWORK_UNKNOWN', {}, 'withdrawalId');
  }
  const amount = payoutBaseUnits(rail, payout.netCents, 'withdrawalId');
  const to = getAddress(payout.to);
  return {
    txHash: await inTurn(ctx, () => transferManyDemoUsdc(dev, dev.token, [{ to, amount }])),
  };
}
