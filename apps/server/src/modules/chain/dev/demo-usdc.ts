import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Address,
  type Hash,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { demoUsdcAbi, demoUsdcBytecode } from './demo-usdc.artifact';
import { DEV_MNEMONIC } from './dev-chain';

/**
 * The demo stablecoin on the development chain ("USDC (test)", 6 decimals; source DemoUsdc.sol,
 * compiled into demo-usdc.artifact.ts): deployed and minted by the development chain's funded
 * account (the development mnemonic's first key; never a key of a real network).
 */
export const DEMO_USDC_DECIMALS = 6;

export interface DevChainRef {
  rpcUrl: string;
  chainId: number;
}

/** The development mnemonic's account `index` (0 deploys and mints). */
export function devAccount(index = 0) {
  return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });
}

export function devClients(chain: DevChainRef, accountIndex = 0) {
  const definition = defineChain({
    id: chain.chainId,
    name: 'Development chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
  const transport = http(chain.rpcUrl);
  return {
    public: createPublicClient({ chain: definition, transport }),
    wallet: createWalletClient({ chain: definition, transport, account: devAccount(accountIndex) }),
  };
}

/** Deploys a new demo USDC contract; resolves with its address once mined. */
export async function deployDemoUsdc(chain: DevChainRef): Promise<Address> {
  const clients = devClients(chain);
  const hash = await clients.wallet.deployContract({
    abi: demoUsdcAbi,
    bytecode: demoUsdcBytecode,
  });
  const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (!receipt.contractAddress) throw new Error('The demo USDC deployment created no contract');
  return receipt.contractAddress;
}

/** The development faucet: mints `amount` base units to `to`; resolves with the mined tx hash. */
export async function mintDemoUsdc(
  chain: DevChainRef,
  token: Address,
  to: Address,
  amount: bigint,
): Promise<Hash> {
  const clients = devClients(chain);
  const hash = await clients.wallet.writeContract({
    address: token,
    abi: demoUsdcAbi,
    functionName: 'mint',
    args: [to, amount],
  });
  await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

/**
 * Several transfers from the funded account in one transaction (one Transfer log each), minting
 * the total to it first; resolves with the mined tx hash.
 */
export async function transferManyDemoUsdc(
  chain: DevChainRef,
  token: Address,
  transfers: { to: Address; amount: bigint }[],
): Promise<Hash> {
  const clients = devClients(chain);
  const total = transfers.reduce((sum, t) => sum + t.amount, 0n);
  await mintDemoUsdc(chain, token, clients.wallet.account.address, total);
  const hash = await clients.wallet.writeContract({
    address: token,
    abi: demoUsdcAbi,
    functionName: 'transferMany',
    args: [transfers.map((t) => t.to), transfers.map((t) => t.amount)],
  });
  await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}
