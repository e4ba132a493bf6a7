import type { ChainRailsInput } from '../src/modules/chain';

/** m/44'/60'/1' of the development mnemonic (its addresses hold nothing on any chain). */
export const TEST_ACCOUNT_XPUB =
  'xpub6Ce9NcJvTk372KjsGfWqbcex5DumjpNquQLApoeQUavSCjEc823BV1tb4rXUuPuht8h2hSxkg2EXUaKUJmniJvRZAELxypsCzBFdtosmV76';

type NetworkInput = ChainRailsInput['networks'][number];

/** Rails of one network, "Ethereum" with its USDC, as an operator's file gives them. */
export function ethereumRails(overrides: Partial<NetworkInput> = {}): ChainRailsInput {
  return {
    networks: [
      {
        key: 'ethereum',
        name: 'Ethereum',
        chainId: 1,
        rpcUrl: 'https://rpc.example.org',
        confirmations: 12,
        finalityTag: 'finalized',
        explorerTxUrl: 'https://explorer.example.org/tx/{hash}',
        xpub: TEST_ACCOUNT_XPUB,
        tokens: [
          {
            symbol: 'USDC',
            contract: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
            decimals: 6,
            minimum: '1000000',
            usdRate: '1',
          },
        ],
        ...overrides,
      },
    ],
  };
}
