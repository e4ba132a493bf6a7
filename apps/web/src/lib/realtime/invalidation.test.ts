import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applyRealtimeMessage, onRealtimeEvent } from './invalidation';

function clientWith(keys: string[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { value: 1 });
  return client;
}
const stale = (client: QueryClient, key: string[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

describe('applyRealtimeMessage', () => {
  it('a transaction event makes the transaction list and the account summary stale, nothing else', () => {
    const client = clientWith([['transactions', 'list'], ['account', 'summary'], ['plans']]);
    applyRealtimeMessage({ type: 'transactions.changed' }, client);
    expect(stale(client, ['transactions', 'list'])).toBe(true);
    expect(stale(client, ['account', 'summary'])).toBe(true);
    expect(stale(client, ['plans'])).toBe(false);
  });

  it('an unknown <area>.changed event falls back to the [area] prefix', () => {
    const client = clientWith([['plans'], ['transactions']]);
    applyRealtimeMessage({ type: 'plans.changed' }, client);
    expect(stale(client, ['plans'])).toBe(true);
    expect(stale(client, ['transactions'])).toBe(false);
  });

  it('a registered handler can patch the cache instead of refetching', () => {
    const client = clientWith([]);
    onRealtimeEvent('prices', (message, c) => c.setQueryData(['market', 'prices'], message.data));
    applyRealtimeMessage({ type: 'prices', data: { BTCUSDT: '97000.00' } }, client);
    expect(client.getQueryData(['market', 'prices'])).toEqual({ BTCUSDT: '97000.00' });
  });
});
