import type { PricesEvent, TickerList } from '@app/shared/schemas/market';
import type { QueryClient } from '@tanstack/react-query';
import { applyPrices, marketKeys } from './api';

/** Signed-in screens get prices pushed (at most once a second): patch the cached ticker list. */
export function patchTickersWithPrices(event: PricesEvent, client: QueryClient): void {
  client.setQueryData<TickerList>(marketKeys.tickers, (list) => applyPrices(list, event));
}
