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

/**
 * What the operator is told at start about a bad setting, in English like every other setting's
 * problem (src/config.ts): these never reach an investor, so they are sentences, not the
 * rule('CODE')s of the request schemas that the web translates.
 */
const PROBLEMS = {
  address: 'must be a 0x address of 40 hex digits',
  checksum: 'has a mixed-case checksum (EIP-55) that does not match',
  symbol: 'must be 1 to 16 letters, digits or dots',
  baseUnits: 'must be a whole number of base units',
  rate: 'must be a decimal number such as "1" or "0.9998"',
  positiveRate: 'must be above 0',
  key: 'must be lower-case letters, digits and dashes',
  httpUrl: 'must be an http(s) URL',
  hashPlaceholder: 'must contain {hash}',
  xpub: 'must be a BIP32 extended public key (xpub...) at the account level',
  keyTwice: 'is used twice',
  contractTwice: 'is listed twice on this network',
} as const;

const NETWORK_KEY = /^[a-z][a-z0-9-]{0,31}$/;
const DECIMAL_RATE = /^\d{1,12}(\.\d{1,18})?$/;
const BASE_UNITS = /^\d{1,78}$/;

const address = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), PROBLEMS.address)
  .refine(
    (value) => value.toLowerCase() === value || isAddress(value, { strict: true }),
    PROBLEMS.checksum,
  )
  .transform((value) => getAddress(value));

export const chainTokenSchema = z.strictObject({
  symbol: z.string().regex(/^[A-Za-z0-9.]{1,16}$/, PROBLEMS.symbol),
  contract: address,
  decimals: z.number().int().min(2).max(36),
  /** The smallest transfer credited, in the token's base units (a string: uint256 is too big for JSON numbers). */
  minimum: z.string().regex(BASE_UNITS, PROBLEMS.baseUnits),
  /** USD per whole token as a decimal string ("1" for a USD stablecoin); absent: never credited. */
  usdRate: z
    .string()
    .regex(DECIMAL_RATE, PROBLEMS.rate)
    .refine((value) => parseUsdRate(value).numerator > 0n, PROBLEMS.positiveRate)
    .optional(),
});

export const chainNetworkSchema = z.strictObject({
  key: z.string().regex(NETWORK_KEY, PROBLEMS.key),
  name: z.string().min(1).max(64),
  chainId: z.number().int().positive(),
  rpcUrl: z.url({ protocol: /^https?$/, error: PROBLEMS.httpUrl }),
  confirmations: z.number().int().min(1).max(10_000),
  /** Credit under this block tag instead of counting confirmations (chains that have it). */
  finalityTag: z.enum(['finalized', 'safe']).optional(),
  /** Absent: the network has no explorer (the development chain); hashes are shown as text. */
  explorerTxUrl: z
    .string()
    .refine((value) => value.includes('{hash}'), PROBLEMS.hashPlaceholder)
    .refine((value) => /^https?:\/\//.test(value), PROBLEMS.httpUrl)
    .optional(),
  xpub: z.string().refine((value) => {
    try {
      parseAccountXpub(value);
      return true;
    } catch {
      return false;
    }
  }, PROBLEMS.xpub),
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
        check.addIssue({
          code: 'custom',
          path: ['networks', i, 'key'],
          message: PROBLEMS.keyTwice,
        });
      }
      keys.add(network.key);
      const contracts = new Set<string>();
      network.tokens.forEach((token, j) => {
        if (contracts.has(token.contract)) {
          check.addIssue({
            code: 'custom',
            path: ['networks', i, 'tokens', j, 'contract'],
            message: PROBLEMS.contractTwice,
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
  explorerTxUrl: string | null;
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
      explorerTxUrl: network.explorerTxUrl ?? null,
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

/** The explorer link of a transaction on a network; null when the network has no explorer. */
export function explorerTxLink(
  network: Pick<ChainNetwork, 'explorerTxUrl'>,
  hash: string,
): string | null {
  return network.explorerTxUrl?.replace('{hash}', hash) ?? null;
}
