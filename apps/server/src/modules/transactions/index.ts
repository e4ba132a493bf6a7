/** The transactions module's face (the transaction lists and the admin decision on a pending deposit or withdrawal): what other modules and the app's wiring use. */
export {
  approvedBoth,
  askSecondAdminAboveThreshold,
  askSecondAdminToDecide,
  carryOutTransactionApproval,
  decideTransaction,
  refuseWhileApprovalWaits,
  rejectTransaction,
  settleTransactionDecision,
  type ApprovedDecision,
  type ApprovedDecisionParams,
  type TransactionDecision,
} from './decide-transaction';
export { moneyMail } from './transaction.mail';
export { adminTransactionRoutes, transactionRoutes } from './transactions.routes';
export {
  displayIdsOf,
  findTransaction,
  insertTransaction,
  insertTransactions,
  listOwn,
  lockTransaction,
  recordPayoutChainTx,
} from './transactions.service';
