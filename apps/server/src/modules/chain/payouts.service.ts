import { getAddress, isAddress, type Address, type Hash } from 'viem';
import type { DbOrTx } from '../../db/client';
import { refusal } from '../../http/errors';
import {
  explorerTxLink,
  type ChainNetwork,
  type ChainRails,
  type ChainToken,
} from './chain.config';
import { connectRpc, type ChainRpc } from './chain.rpc';
import * as repo from './chain.repo';
import { centsToBaseUnitsUp, judgePayout } from './domain/payout-proof';
import { confirmedThrough } from './domain/scan-range';

/**
 * Payouts on the crypto rails (issue 41): the withdrawal address an investor gives for a rail,
 * and the admin's proof that the payout was sent. The rails are the wiring's (buildApp's
 * `chain.rails`), handed in by the caller; none when the rails are off.
 */

export interface Rail {
  network: ChainNetwork;
  token: ChainToken;
}

/** A configured network and token, or CHAIN_NETWORK_UNKNOWN (on `field`). */
export function railOf(
  rails: ChainRails | undefined,
  rail: { network: string; token: string },
  field?: string,
): Rail {
  const network = rails?.networks.find((candidate) => candidate.key === rail.network);
  const token = network?.tokens.find((candidate) => candidate.symbol === rail.token);
  if (!network || !token) throw refusal('CHAIN_NETWORK_UNKNOWN', {}, field);
  return { network, token };
}

/**
 * A withdrawal address on an EVM rail, checksummed (EIP-55): `0x` and 40 hex digits, a mixed-case
 * one matching its checksum; never one of the platform's own deposit addresses (on any of the
 * rails' networks: the operator's wallet would receive it). Refusals on `walletAddress`.
 */
export async function checkedPayoutAddress(
  db: DbOrTx,
  rails: ChainRails | undefined,
  address: string,
): Promise<Address> {
  const text = address.trim();
  if (!isAddress(text, { strict: true })) {
    throw refusal('WALLET_ADDRESS_INVALID', {}, 'walletAddress');
  }
  const networks = rails?.networks.map((network) => network.key) ?? [];
  if (await repo.isDepositAddress(db, networks, text)) {
    throw refusal('WALLET_ADDRESS_OWN_DEPOSIT', {}, 'walletAddress');
  }
  return getAddress(text);
}

/**
 * The base units of the rail's token a payout of `netCents` must send at least (its decimals and
 * USD rate, rounded up: never a base unit less); CHAIN_NETWORK_UNKNOWN (on `field`) for a token
 * without a USD rate.
 */
export function payoutBaseUnits(rail: Rail, netCents: bigint, field: string): bigint {
  const { token } = rail;
  if (!token.usdRate) throw refusal('CHAIN_NETWORK_UNKNOWN', {}, field);
  return centsToBaseUnitsUp(netCents, token.decimals, token.usdRate);
}

export interface PayoutToProve {
  rail: Rail;
  /** Where the withdrawal goes (checksummed or not). */
  to: string;
  /** What the investor receives: the withdrawal's amount less its fee. */
  netCents: bigint;
  /** The admin's hash (any case). */
  txHash: string;
}

export interface ProvenPayout {
  network: string;
  txHash: Hash;
  explorerUrl: string | null;
}

/**
 * Checks on the chain that `txHash` pays the withdrawal: the transaction succeeded in a block
 * still canonical, with the network's confirmations (or under its finality tag), and its ERC-20
 * Transfers of the rail's token to the address add up to at least the net amount (converted
 * with the token's decimals and USD rate, rounded up). Refusals on `txHash`: PAYOUT_TX_NOT_FOUND,
 * PAYOUT_TX_WRONG_TRANSFER, PAYOUT_TX_TOO_LITTLE {netCents}, PAYOUT_TX_UNCONFIRMED
 * {confirmations, required}; CHAIN_NETWORK_UNKNOWN for a token without a USD rate. Whether the
 * hash already proved another payout is the caller's (it stores the proof).
 */
export async function provePayout(
  payout: PayoutToProve,
  rpcOf: (network: ChainNetwork) => ChainRpc = connectRpc,
): Promise<ProvenPayout> {
  const { network, token } = payout.rail;
  const required = payoutBaseUnits(payout.rail, payout.netCents, 'txHash');
  const txHash = payout.txHash.toLowerCase() as Hash;
  const rpc = rpcOf(network);
  const receipt = await rpc.receipt(txHash);
  const head = await rpc.head();
  const canonicalHash =
    receipt && receipt.blockNumber <= head ? await rpc.blockHash(receipt.blockNumber) : null;
  const tagged = network.finalityTag ? await rpc.taggedBlock(network.finalityTag) : null;
  const verdict = judgePayout({
    receipt,
    canonicalHash,
    token: token.contract,
    to: payout.to,
    required,
    confirmedThrough: confirmedThrough(head, network.confirmations, tagged),
    head,
  });
  switch (verdict.kind) {
    case 'not_found':
      throw refusal('PAYOUT_TX_NOT_FOUND', {}, 'txHash');
    case 'wrong_transfer':
      throw refusal('PAYOUT_TX_WRONG_TRANSFER', {}, 'txHash');
    case 'too_little':
      throw refusal('PAYOUT_TX_TOO_LITTLE', { netCents: Number(payout.netCents) }, 'txHash');
    case 'unconfirmed':
      throw refusal(
        'PAYOUT_TX_UNCONFIRMED',
        { confirmations: verdict.confirmations, required: network.confirmations },
        'txHash',
      );
    case 'proven':
      return { network: network.key, txHash, explorerUrl: explorerTxLink(network, txHash) };
  }
}
