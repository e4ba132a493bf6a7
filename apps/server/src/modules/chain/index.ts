/** The chain module's face (crypto rails: deposit addresses, the chain watcher, the development chain): what other modules and the app's wiring use. */
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
export {
  blocksBehind,
  createChainRuntime,
  withoutUrlPaths,
  type ChainRuntime,
  type WatcherStatus,
} from './chain.runtime';
export { adminChainRoutes, chainRoutes } from './chain.routes';
export { requireDevChain, sendDevPayout } from './chain.service';
export {
  WATCH_INTERVAL_MS,
  chainSetupOf,
  openChainRails,
  type ChainSetup,
  type DevFaucet,
  type OpenedRails,
} from './chain.setup';
export {
  DEV_ACCOUNT_XPUB,
  DEV_NETWORK_KEY,
  devRailsInput,
  startDevRails,
  type DevRails,
} from './dev/dev-rails';
export { DEV_CHAIN_ID, DEV_MNEMONIC, startDevChain, type DevChain } from './dev/dev-chain';
export {
  DEMO_USDC_DECIMALS,
  deployDemoUsdc,
  devClients,
  mintDemoUsdc,
  transferManyDemoUsdc,
} from './dev/demo-usdc';
