import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applyRealtimeMessage, type RealtimeHandlers } from './invalidation';

function clientWith(keys: string[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { value: 1 });
  return client;
}
const stale = (client: QueryClient, key: string[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

const prices = vi.fn();
const handlers: RealtimeHandlers = {
  prices: (event, client) => {
    prices(event.data.at);
    client.setQueryData(['market', 'prices'], event.data.quotes);
  },
  navs: [['trade']],
  'settings.fees.changed': [['settings']],
  'payment_methods.changed': [['payment-methods']],
  'account.changed': [['account']],
  'transactions.changed': [['transactions'], ['account']],
  'trade.changed': [['trade'], ['account']],
  'users.changed': [['admin']],
  'approvals.changed': [['admin']],
  'notifications.changed': [['notifications']],
  'chain.transfers.changed': [['chain']],
};

describe('applyRealtimeMessage', () => {
  it('a transaction event makes its keys stale, nothing else', () => {
    const client = clientWith([['transactions', 'list'], ['account', 'summary'], ['plans']]);
    applyRealtimeMessage({ type: 'transactions.changed', data: {} }, client, handlers);
    expect(stale(client, ['transactions', 'list'])).toBe(true);
    expect(stale(client, ['account', 'summary'])).toBe(true);
    expect(stale(client, ['plans'])).toBe(false);
  });

  it('a handler gets the event typed and can patch the cache instead of refetching', () => {
    const client = clientWith([]);
    const quotes = [{ symbol: 'BTCUSDT', price: '97000.00', change24hPct: '1.20' }];
    applyRealtimeMessage({ type: 'prices', data: { at: 5, quotes } }, client, handlers);
    expect(prices).toHaveBeenCalledWith(5);
    expect(client.getQueryData(['market', 'prices'])).toEqual(quotes);
  });

  it('ignores what is not in the vocabulary: an unknown type, a wrong shape, the hello', () => {
    const client = clientWith([['plans'], ['market', 'prices']]);
    for (const message of [
      { type: 'plans.changed' },
      { type: 'prices', data: { BTCUSDT: '97000.00' } },
      { type: 'hello', channels: ['public'] },
      'not an object',
    ]) {
      applyRealtimeMessage(message, client, handlers);
    }
    expect(stale(client, ['plans'])).toBe(false);
    expect(client.getQueryData(['market', 'prices'])).toEqual({ value: 1 });
  });
});
