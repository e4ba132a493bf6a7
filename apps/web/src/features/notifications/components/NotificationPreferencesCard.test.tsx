import { NOTIFICATION_TYPES } from '@app/shared/schemas/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { NotificationPreferencesCard } from './NotificationPreferencesCard';
import { cleanUpAfterEach } from '../../../test/lifecycle';

const ALL_ON = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true]));

cleanUpAfterEach();

describe('NotificationPreferencesCard', () => {
  it('moves a switch in the same render as the click, saves it, and puts it back if refused', async () => {
    const routes: Parameters<typeof stubFetch>[0] = {
      'GET /api/notifications/preferences': { body: { language: 'en', email: ALL_ON } },
      'PUT /api/notifications/preferences': {
        body: { language: 'en', email: { ...ALL_ON, trade_stopped_out: false } },
        delayMs: 20,
      },
    };
    const { fetchStub, calls } = stubFetch(routes);
    vi.stubGlobal('fetch', fetchStub);
    const { queryClient } = renderAt('/profile', <NotificationPreferencesCard />);

    const stopLoss = await screen.findByRole('checkbox', {
      name: 'E-mail me: Copy closed by its stop-loss',
    });
    expect(stopLoss).toHaveProperty('checked', true);
    fireEvent.click(stopLoss);
    // No waiting: a controlled checkbox that springs back until the cache updates fails here.
    expect(stopLoss).toHaveProperty('checked', false);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { email: { trade_stopped_out: false } },
      ]),
    );
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(stopLoss).toHaveProperty('checked', false);

    // Refused: the switch goes back to what the server holds.
    routes['PUT /api/notifications/preferences'] = {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Internal error' } },
    };
    const deposit = screen.getByRole('checkbox', {
      name: 'E-mail me: Deposit approved',
    });
    fireEvent.click(deposit);
    expect(deposit).toHaveProperty('checked', false);
    await waitFor(() => expect(deposit).toHaveProperty('checked', true));
  });
});
