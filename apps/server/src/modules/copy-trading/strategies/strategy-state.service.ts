/**
 * What the copies room reads of a strategy: its row, and its state loaded (and locked as a copy
 * opening or closing needs) with the copier cap's count. The rooms of copy trading reach each
 * other's data through a service, as modules do.
 */
export {
  findStrategy,
  loadStrategyState,
  lockForNewCopy,
  openCopyCount,
  type StrategyLock,
} from './strategies.repo';
