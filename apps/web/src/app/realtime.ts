import { sessionQueryKey } from '../lib/auth';
import type { RealtimeHandlers } from '../lib/realtime';
import { accountKeys, practiceKeys } from '../features/account/api';
import { adminKeys } from '../features/admin/keys';
import { depositKeys } from '../features/deposits/api';
import { chainKeys } from '../features/deposits/chainApi';
import { patchTickersWithPrices } from '../features/market/realtime';
import { notificationKeys } from '../features/notifications/api';
import { tradeKeys, refetchTradeOnNewNav } from '../features/trading/api';
import { transactionKeys } from '../features/transactions/api';
import { withdrawalKeys } from '../features/withdrawals/api';
import { verificationKeys } from '../features/verification/api';

/**
 * What every realtime event does to the cache, in one place (the type requires a handler for each
 * event of packages/shared schemas/realtime.ts). Keys come from each feature's key factory and are
 * prefixes: everything cached under them is marked stale and only what is on screen refetches.
 * The back office's keys come from features/admin/keys.ts alone, so the lazily loaded back office
 * stays out of the signed-in bundle.
 */
export const realtimeHandlers: RealtimeHandlers = {
  prices: (event, client) => patchTickersWithPrices(event.data, client),
  navs: (event, client) => refetchTradeOnNewNav(event.data, client),
  'settings.fees.changed': [withdrawalKeys.settings, adminKeys.paymentMethods],
  'payment_methods.changed': [depositKeys.paymentMethods, adminKeys.paymentMethods],
  // The signed-in user's own data: every money event also changes the account summary.
  'account.changed': [accountKeys.all, practiceKeys.all, sessionQueryKey, verificationKeys.all],
  'transactions.changed': [transactionKeys.all, accountKeys.all, adminKeys.all],
  'trade.changed': [tradeKeys.all, accountKeys.all],
  'users.changed': [adminKeys.all],
  'approvals.changed': [adminKeys.all],
  // A new alert (or one read on another screen): the bell's count and its list.
  'notifications.changed': [notificationKeys.all],
  // The investor's incoming chain transfers (deposits page) and the back office's list of them.
  'chain.transfers.changed': [chainKeys.all, adminKeys.all],
};
