import { describe, expect, it } from 'vitest';
import { ethereumRails } from '../../../test/chain-fixtures';
import { ChainConfigError, parseChainRails, type ChainRailsInput } from './chain.config';

const VALID: ChainRailsInput = ethereumRails();

function problemsOf(input: unknown): string[] {
  try {
    parseChainRails(input);
  } catch (error) {
    if (error instanceof ChainConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the crypto rails settings', () => {
  it('parses a network and its token into exact values, contract checksummed', () => {
    const rails = parseChainRails(VALID);
    expect(rails.networks[0]).toMatchObject({
      key: 'ethereum',
      finalityTag: 'finalized',
      startBlock: null,
      maxBlocksPerScan: 1_000,
      tokens: [
        {
          contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
          minimum: 1_000_000n,
          usdRate: { numerator: 1n, denominator: 1n },
        },
      ],
    });
  });

  it('names every bad field at once', () => {
    const network = VALID.networks[0];
    if (!network) throw new Error('fixture');
    const token = network.tokens[0];
    if (!token) throw new Error('fixture');
    const problems = problemsOf({
      networks: [
        {
          ...network,
          confirmations: 0,
          xpub: 'xpub-nonsense',
          explorerTxUrl: 'https://explorer.example.org/tx/',
          extra: true,
          tokens: [
            { ...token, contract: '0xA0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', minimum: '1.5' },
          ],
        },
      ],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^networks\[0\]\.confirmations: /),
        'networks[0].xpub: must be a BIP32 extended public key (xpub...) at the account level',
        'networks[0].explorerTxUrl: must contain {hash}',
        expect.stringMatching(/^networks\[0\]: .*extra/),
        'networks[0].tokens[0].contract: has a mixed-case checksum (EIP-55) that does not match',
        'networks[0].tokens[0].minimum: must be a whole number of base units',
      ]),
    );
    expect(problems).toHaveLength(6);
  });

  it('a token without a rate parses (it will be recorded, never credited)', () => {
    const network = VALID.networks[0];
    const token = network?.tokens[0];
    if (!network || !token) throw new Error('fixture');
    const { usdRate: _rate, ...noRate } = token;
    const rails = parseChainRails({ networks: [{ ...network, tokens: [noRate] }] });
    expect(rails.networks[0]?.tokens[0]?.usdRate).toBeNull();
  });

  it('refuses a network key used twice', () => {
    const network = VALID.networks[0];
    if (!network) throw new Error('fixture');
    expect(problemsOf({ networks: [network, network] })).toEqual([
      'networks[1].key: is used twice',
    ]);
  });
});
