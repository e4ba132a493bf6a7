import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { parseUsdRate, type UsdRate } from './domain/units';
import { parseAccountXpub } from './domain/deposit-address';

/**
 * The crypto rails' settings: the EVM networks the platform accepts deposits on and the tokens
 * on each. Validated strictly at start (an unknown key, a bad address or a token on no network
 * is refused with the field named), then turned into `ChainRails` for the watcher and the
 * address book. Plugged into src/config.ts (the environment) by the start-up wiring.
 *
 * What the operator configures per network: its key and name in words, the chain id the RPC
 * must answer, the RPC URL, the confirmations a transfer needs (or the `finalized`/`safe` block
 * tag where the chain has one), the explorer's transaction URL (`{hash}` is replaced), the
 * BIP44 account-level extended public key (`xpub...`, m/44'/60'/0') that deposit addresses are
 * derived from (`0/<index>`), and the tokens: symbol, contract, decimals, the minimum credited
 * (in base units) and the USD rate (1 for a USD stablecoin; a token without a rate is recorded
 * and held, never credited). The server never holds a private key.
 */

const NETWORK_KEY = /^[a-z][a-z0-9-]{0,31}$/;
const DECIMAL_RATE = /^\d{1,12}(\.\d{1,18})?$/;
const BASE_UNITS = /^\d{1,78}$/;

const address = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), 'must be a 0x address of 40 hex digits')
  .refine(
    (value) => value.toLowerCase() === value || isAddress(value, { strict: true }),
    'has a mixed-case checksum (EIP-55) that does not match',
  )
  .transform((value) => getAddress(value));

export const chainTokenSchema = z.strictObject({
  symbol: z.string().regex(/^[A-Za-z0-9.]{1,16}$/, 'must be 1 to 16 letters, digits or dots'),
  contract: address,
  decimals: z.number().int().min(2).max(36),
  /** The smallest transfer credited, in the token's base units (a string: uint256 is too big for JSON numbers). */
  minimum: z.string().regex(BASE_UNITS, 'must be a whole number of base units'),
  /** USD per whole token as a decimal string ("1" for a USD stablecoin); absent: never credited. */
  usdRate: z
    .string()
    .regex(DECIMAL_RATE, 'must be a decimal number such as "1" or "0.9998"')
    .refine((value) => parseUsdRate(value).numerator > 0n, 'must be above 0')
    .optional(),
});

export const chainNetworkSchema = z.strictObject({
  key: z.string().regex(NETWORK_KEY, 'must be lower-case letters, digits and dashes'),
  name: z.string().min(1).max(64),
  chainId: z.number().int().positive(),
  rpcUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  confirmations: z.number().int().min(1).max(10_000),
  /** Credit under this block tag instead of counting confirmations (chains that have it). */
  finalityTag: z.enum(['finalized', 'safe']).optional(),
  explorerTxUrl: z
    .string()
    .refine((value) => value.includes('{hash}'), 'must contain {hash}')
    .refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL'),
  xpub: z.string().refine((value) => {
    try {
      parseAccountXpub(value);
      return true;
    } catch {
      return false;
    }
  }, 'must be a BIP32 extended public key (xpub...) at the account level'),
  /** The block the watcher starts from when it has no cursor yet (default: the head then). */
  startBlock: z.number().int().min(0).optional(),
  /** The most blocks one eth_getLogs asks for. */
  maxBlocksPerScan: z.number().int().min(1).max(100_000).default(1_000),
  tokens: z.array(chainTokenSchema).min(1),
});

export const chainRailsSchema = z
  .strictObject({ networks: z.array(chainNetworkSchema) })
  .superRefine((value, check) => {
    const keys = new Set<string>();
    value.networks.forEach((network, i) => {
      if (keys.has(network.key)) {
        check.addIssue({ code: 'custom', path: ['networks', i, 'key'], message: 'is used twice' });
      }
      keys.add(network.key);
      const contracts = new Set<string>();
      network.tokens.forEach((token, j) => {
        if (contracts.has(token.contract)) {
          check.addIssue({
            code: 'custom',
            path: ['networks', i, 'tokens', j, 'contract'],
            message: 'is listed twice on this network',
          });
        }
        contracts.add(token.contract);
      });
    });
  });

export type ChainRailsInput = z.input<typeof chainRailsSchema>;

export interface ChainToken {
  symbol: string;
  contract: `0x${string}`;
  decimals: number;
  minimum: bigint;
  usdRate: UsdRate | null;
}

export interface ChainNetwork {
  key: string;
  name: string;
  chainId: number;
  rpcUrl: string;
  confirmations: number;
  finalityTag: 'finalized' | 'safe' | null;
  explorerTxUrl: string;
  xpub: string;
  startBlock: bigint | null;
  maxBlocksPerScan: number;
  tokens: ChainToken[];
}

export interface ChainRails {
  networks: ChainNetwork[];
}

export class ChainConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid crypto rails settings: ${problems.join('; ')}`);
    this.name = 'ChainConfigError';
  }
}

/** Parses the settings, naming every bad field at once (`networks[0].tokens[1].contract: ...`). */
export function parseChainRails(value: unknown): ChainRails {
  const parsed = chainRailsSchema.safeParse(value);
  if (!parsed.success) {
    throw new ChainConfigError(
      parsed.error.issues.map((issue) => `${fieldName(issue.path)}: ${issue.message}`),
    );
  }
  return {
    networks: parsed.data.networks.map((network) => ({
      ...network,
      finalityTag: network.finalityTag ?? null,
      startBlock: network.startBlock === undefined ? null : BigInt(network.startBlock),
      tokens: network.tokens.map((token) => ({
        ...token,
        minimum: BigInt(token.minimum),
        usdRate: token.usdRate === undefined ? null : parseUsdRate(token.usdRate),
      })),
    })),
  };
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, part) => {
    if (typeof part === 'number') return `${name}[${part}]`;
    return name ? `${name}.${String(part)}` : String(part);
  }, '');
}

/** The explorer link of a transaction on a network. */
export function explorerTxLink(network: Pick<ChainNetwork, 'explorerTxUrl'>, hash: string) {
  return network.explorerTxUrl.replace('{hash}', hash);
}
