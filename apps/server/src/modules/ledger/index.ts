/** The ledger module's face (the double-entry ledger, money operations shared by the money modules, idempotency): what other modules and the app's wiring use. */
export {
  BONUS_ENTRY_KINDS,
  ENTRY_KINDS,
  PROFIT_ENTRY_KINDS,
  PRACTICE_PROFIT_ENTRY_KINDS,
  adjustment,
  bookAccount,
  depositApproved,
  entryFromMoves,
  platformAccount,
  practiceReset,
  practiceStarted,
  referralBonus,
  userAccount,
  withdrawalHeld,
  withdrawalPaid,
  withdrawalReleased,
  type AccountRef,
  type EntryDraft,
  type UserAccountKind,
} from './domain';
export {
  idempotencyKeyOf,
  idempotencyRetentionJob,
  runIdempotent,
  sendOutcome,
  type IdempotentOutcome,
  type OperationResult,
} from './idempotency';
export { idempotentCreateRoute } from './idempotent-route';
export { auditLedger } from './ledger.audit';
export { type UserBalances } from './ledger.repo';
export { postEntries, postEntry, userCreditsByDay } from './ledger.service';
export {
  announceMoneyChange,
  announceMoneyChanges,
  requireActiveAccount,
  requireUndeletedAccount,
  transactionAnswer,
  withFundsCheck,
} from './money.common';
export { toTransaction } from './transaction.view';
export {
  insertPracticeAccount,
  markPracticeReset,
  practiceAccountOf,
  practiceAvailableCents,
  requirePracticeStarted,
  requirePracticeUser,
  type PracticeAccountRow,
} from './practice-accounts';
