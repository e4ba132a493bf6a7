import type { Address } from 'viem';
import type { AppContext } from '../../context';
import type { ChainNetwork } from './chain.config';
import * as repo from './chain.repo';
import { depositAddressAt, parseAccountXpub } from './domain/deposit-address';

export interface DepositAddress {
  network: string;
  address: Address;
  derivationIndex: number;
}

/**
 * The investor's own deposit address on a network: the one stored, or a new one at the
 * network's next derivation index (chain.repo takeIndex), derived from the account xpub. The
 * same address every time; two requests at once store one (the other reads it back).
 */
export async function depositAddressOf(
  ctx: AppContext,
  network: Pick<ChainNetwork, 'key' | 'xpub'>,
  userId: string,
): Promise<DepositAddress> {
  const stored = await repo.findAddress(ctx.db, userId, network.key);
  if (stored) return view(stored);
  const account = parseAccountXpub(network.xpub);
  const row = await ctx.db.transaction(async (tx) => {
    const index = await repo.takeIndex(tx, network.key);
    const made = await repo.insertAddress(tx, {
      userId,
      network: network.key,
      derivationIndex: index,
      address: depositAddressAt(account, index),
    });
    return made ?? (await repo.findAddress(tx, userId, network.key));
  });
  if (!row) throw new Error(`No deposit address stored for ${userId} on ${network.key}`);
  return view(row);
}

function view(row: { network: string; address: string; derivationIndex: number }) {
  return {
    network: row.network,
    address: row.address as Address,
    derivationIndex: row.derivationIndex,
  };
}
