/** The chain module's face (crypto rails: deposit addresses, the chain watcher, the development chain): what other modules and the app's wiring use. */
import type { ChainRails } from './chain.config';
import type { ChainRuntime } from './chain.runtime';
export {
  ChainConfigError,
  chainRailsSchema,
  explorerTxLink,
  parseChainRails,
  type ChainNetwork,
  type ChainRails,
  type ChainRailsInput,
  type ChainToken,
} from './chain.config';
export { connectRpc, type ChainRpc, type TransferLog } from './chain.rpc';
export { depositAddressOf, type DepositAddress } from './addresses.service';
export {
  checkedPayoutAddress,
  provePayout,
  railOf,
  type PayoutToProve,
  type ProvenPayout,
  type Rail,
} from './payouts.service';
export {
  scanStep,
  scanToHead,
  settleOpen,
  watchOnce,
  type ScanStep,
  type SettleSummary,
  type TokenWatch,
} from './watcher.service';
export { HOLD_REASONS, type HoldReason } from './domain/settle-transfer';
export { createChainRuntime, type ChainRuntime, type WatcherStatus } from './chain.runtime';
export { DEV_ACCOUNT_XPUB, DEV_NETWORK_KEY, startDevRails, type DevRails } from './dev/dev-rails';
export { DEV_CHAIN_ID, DEV_MNEMONIC, startDevChain, type DevChain } from './dev/dev-chain';
export {
  DEMO_USDC_DECIMALS,
  deployDemoUsdc,
  devClients,
  mintDemoUsdc,
  transferManyDemoUsdc,
} from './dev/demo-usdc';

/**
 * The crypto rails an instance runs with, as the wiring hands them to the routes and services
 * (buildApp's `chain` option). C-SRV's chain.setup.ts defines the full ChainSetup (issue 41 part
 * 2, built at the same time): this stand-in has its shape, so the payouts build against it.
 */
export interface ChainSetup {
  rails: ChainRails;
  runtime: ChainRuntime | null;
  development: boolean;
  devChain?: unknown;
}
