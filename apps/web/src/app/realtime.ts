import type { RealtimeHandlers } from '../lib/realtime';
import { patchTickersWithPrices } from '../features/market/realtime';
import { refetchTradeOnNewNav } from '../features/trading/api';

/**
 * What every realtime event does to the cache, in one place (the type requires a handler for each
 * event of packages/shared schemas/realtime.ts). Keys are prefixes: everything cached under them
 * is marked stale and only what is on screen refetches. The back office's keys all sit under
 * ['admin'] (features/admin/api.ts), named here by that prefix so the lazily loaded back office
 * stays out of the signed-in bundle.
 */
export const realtimeHandlers: RealtimeHandlers = {
  prices: (event, client) => patchTickersWithPrices(event.data, client),
  navs: (event, client) => refetchTradeOnNewNav(event.data, client),
  'settings.fees.changed': [['settings'], ['admin', 'fees']],
  'payment_methods.changed': [['payment-methods'], ['admin', 'payment-methods']],
  // The signed-in user's own data: every money event also changes the account summary.
  'account.changed': [['account'], ['auth', 'me']],
  'transactions.changed': [['transactions'], ['account'], ['admin']],
  'trade.changed': [['trade'], ['account']],
  'users.changed': [['admin']],
  'approvals.changed': [['admin']],
};
