import type { PricesEvent } from '@app/shared/schemas/market';
import type { TickerList } from '@app/shared/schemas/market';
import { onRealtimeEvent } from '../../lib/realtime';
import { applyPrices, marketKeys } from './api';

function isPricesEvent(data: unknown): data is PricesEvent {
  const event = data as Partial<PricesEvent> | null;
  return typeof event?.at === 'number' && Array.isArray(event.quotes);
}

/** Signed-in screens get prices pushed (at most once a second): patch the cached ticker list. */
onRealtimeEvent('prices', (message, client) => {
  if (!isPricesEvent(message.data)) return;
  const event = message.data;
  client.setQueryData<TickerList>(marketKeys.tickers, (list) => applyPrices(list, event));
});
