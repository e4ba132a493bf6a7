import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { withoutUrlPaths } from './chain.runtime';
import { openChainRails } from './chain.setup';
import { ethereumRails } from '../../../test/chain-fixtures';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-rails-'));
const file = (name: string, value: unknown) => {
  const at = path.join(dir, name);
  fs.writeFileSync(at, typeof value === 'string' ? value : JSON.stringify(value));
  return at;
};

const [network] = ethereumRails({ finalityTag: undefined }).networks;

async function problemsOf(at: string): Promise<string[]> {
  try {
    await openChainRails({ file: at });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('CHAIN_RAILS at start', () => {
  it('off: no rails', async () => {
    expect(await openChainRails('off')).toBeNull();
  });

  it('a rails file: its networks, watched every 15 s, not the development chain', async () => {
    const rails = await openChainRails({ file: file('good.json', { networks: [network] }) });
    expect(rails?.rails.networks.map((n) => n.key)).toEqual(['ethereum']);
    expect(rails?.development).toBe(false);
    expect(rails?.devChain).toBeUndefined();
    expect(rails?.intervalMs).toBe(15_000);
    expect(rails?.summary).toBe('configured: USDC on Ethereum (12 confirmations)');
    // What a worker of a multi-process start is handed: the same rails.
    const shared = await openChainRails('off', rails?.shared);
    expect(shared?.rails).toEqual(rails?.rails);
  });

  it('a bad file stops the start naming the file and every bad field', async () => {
    const bad = file('bad.json', {
      networks: [{ ...ethereumRails().networks[0], xpub: 'xprv-nope', confirmations: 0 }],
    });
    expect(await problemsOf(bad)).toEqual([
      `CHAIN_RAILS (${bad}) networks[0].confirmations: Too small: expected number to be >=1`,
      `CHAIN_RAILS (${bad}) networks[0].xpub: must be a BIP32 extended public key (xpub...) at the account level`,
    ]);
    expect(await problemsOf(file('text.json', 'not json'))).toEqual([
      `CHAIN_RAILS (${path.join(dir, 'text.json')}) is not JSON`,
    ]);
    const missing = path.join(dir, 'missing.json');
    expect(await problemsOf(missing)).toEqual([`CHAIN_RAILS (${missing}) cannot be read (ENOENT)`]);
  });
});

describe('a watcher failure as the staff see it', () => {
  it('cuts each URL to its origin: a provider’s key in the path never reaches a screen', () => {
    expect(
      withoutUrlPaths(
        'HTTP request failed. URL: https://eth-mainnet.example.com/v2/SECRET-KEY Request body: {"method":"eth_blockNumber"}',
      ),
    ).toBe(
      'HTTP request failed. URL: https://eth-mainnet.example.com/… Request body: {"method":"eth_blockNumber"}',
    );
  });
});
