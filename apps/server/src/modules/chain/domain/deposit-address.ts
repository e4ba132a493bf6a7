import { HDKey } from '@scure/bip32';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, type Address } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

/**
 * Deposit addresses from the operator's extended public key, never a private key.
 *
 * The operator exports the BIP44 account-level key of an Ethereum wallet, `m/44'/60'/<account>'`
 * (an `xpub...`: depth 3, public only). The deposit address number `index` is its child
 * `0/<index>` — the full path `m/44'/60'/<account>'/0/<index>`, the one every BIP44 wallet uses
 * for its receiving addresses, so the operator's wallet holds the keys that move the funds on.
 * Public derivation (non-hardened children) needs only the public key and the chain code.
 */

/** The deepest non-hardened index (BIP32: indexes from 2^31 are hardened). */
export const MAX_ADDRESS_INDEX = 2 ** 31 - 1;

/** The key parsed; refuses a private key (`xprv`) or a key at another depth than the account. */
export function parseAccountXpub(xpub: string): HDKey {
  const key = HDKey.fromExtendedKey(xpub);
  if (key.privateKey) throw new Error('A private extended key is refused: give the xpub');
  if (key.depth !== 3) {
    throw new Error(
      `The xpub must be at the account level m/44'/60'/n' (depth 3, not ${key.depth})`,
    );
  }
  return key;
}

/** The checksummed (EIP-55) address at `0/<index>` under the account xpub. */
export function depositAddressAt(account: HDKey, index: number): Address {
  if (!Number.isInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX) {
    throw new Error(`A deposit address index is 0..${MAX_ADDRESS_INDEX}, not ${index}`);
  }
  const child = account.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('The derived key has no public key');
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false);
  return publicKeyToAddress(bytesToHex(uncompressed));
}
