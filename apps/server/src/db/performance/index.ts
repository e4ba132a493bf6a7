/**
 * The performance machinery, behind one door: each piece makes the server faster without changing
 * what it answers, is justified by a bench figure (named at the top of its file) and can be switched
 * off (`PERFORMANCE_OFF`, switches.ts).
 */
export { pooledConnectionOptions } from './pipelining';
export {
  createStatementNames,
  MAX_PER_CONNECTION,
  prepareStatementsOf,
  statementName,
  type StatementNames,
} from './prepared-statements';
export { buildEveryTime, connectionOf, preparedPer } from './prepared-queries';
export {
  createReads,
  createSharedReads,
  LANES,
  SHARED_READS_APPLICATION,
  type LaneOptions,
  type SharedReads,
} from './shared-reads';
export {
  createSessionCache,
  noSessionCache,
  type SessionCache,
  type SessionCacheOptions,
  type SessionWithUser,
} from './session-cache';
export { createQuoteMemory, type QuoteMemory, type QuoteMemoryOptions } from './quote-memory';
export {
  ALL_ON,
  PERFORMANCE_MACHINERY,
  switchesWithout,
  type PerformanceMachinery,
  type PerformanceSwitches,
} from './switches';
