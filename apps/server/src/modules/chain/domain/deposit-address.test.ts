import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { depositAddressAt, parseAccountXpub } from './deposit-address';

/**
 * The account xpub m/44'/60'/0' of the public development mnemonic ("test test ... junk"): its
 * receiving addresses m/44'/60'/0'/0/i are the development chain's well-known accounts.
 */
const DEV_ACCOUNT_0 =
  'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP';

describe('deposit addresses from the account xpub', () => {
  it('0/i gives the known checksummed addresses', () => {
    const account = parseAccountXpub(DEV_ACCOUNT_0);
    expect(depositAddressAt(account, 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(depositAddressAt(account, 1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(depositAddressAt(account, 7)).toBe('0x14dC79964da2C08b23698B3D3cc7Ca32193d9955');
  });

  it('refuses a private key and a key at another depth', () => {
    const master = HDKey.fromMasterSeed(new Uint8Array(32).fill(7));
    expect(() => parseAccountXpub(master.derive("m/44'/60'/0'").privateExtendedKey)).toThrow(
      /private/,
    );
    expect(() => parseAccountXpub(master.derive("m/44'/60'/0'/0").publicExtendedKey)).toThrow(
      /depth 3, not 4/,
    );
  });

  it('refuses a hardened or negative index', () => {
    const account = parseAccountXpub(DEV_ACCOUNT_0);
    expect(() => depositAddressAt(account, 2 ** 31)).toThrow(/index/);
    expect(() => depositAddressAt(account, -1)).toThrow(/index/);
  });
});
