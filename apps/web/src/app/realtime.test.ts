import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyRealtimeMessage } from '../lib/realtime/invalidation';
import { realtimeHandlers } from './realtime';

const cachedAt = (keys: string[][]) => {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { value: 1 });
  return client;
};
const stale = (client: QueryClient, key: string[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

describe("the app's realtime handlers", () => {
  // Before the shared vocabulary these two fell through a `<area>.changed` pattern that neither
  // name matched, so a new fee or payment method waited for the next page load.
  it('a fee change refreshes the fee schedule; a payment method change the pickers and the back office', () => {
    const client = cachedAt([
      ['settings', 'fees'],
      ['settings', 'fees', 'quote', 'bank', '10000'],
      ['payment-methods'],
      ['admin', 'payment-methods'],
    ]);
    applyRealtimeMessage({ type: 'settings.fees.changed' }, client, realtimeHandlers);
    expect(stale(client, ['settings', 'fees'])).toBe(true);
    // A quote shown under the amount is the method's fee: it follows the schedule.
    expect(stale(client, ['settings', 'fees', 'quote', 'bank', '10000'])).toBe(true);
    expect(stale(client, ['payment-methods'])).toBe(false);
    applyRealtimeMessage({ type: 'payment_methods.changed' }, client, realtimeHandlers);
    expect(stale(client, ['payment-methods'])).toBe(true);
    expect(stale(client, ['admin', 'payment-methods'])).toBe(true);
  });

  it("a transaction event refreshes the user's money and, where cached, the back office", () => {
    const client = cachedAt([
      ['transactions', 'list'],
      ['account', 'summary'],
      ['admin', 'overview'],
      ['plans'],
    ]);
    applyRealtimeMessage(
      { type: 'transactions.changed', data: { userId: 'u1' } },
      client,
      realtimeHandlers,
    );
    for (const key of [
      ['transactions', 'list'],
      ['account', 'summary'],
      ['admin', 'overview'],
    ]) {
      expect(stale(client, key), key.join('/')).toBe(true);
    }
    expect(stale(client, ['plans'])).toBe(false);
  });
});
