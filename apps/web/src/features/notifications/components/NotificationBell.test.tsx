import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { realtimeHandlers } from '../../../app/realtime';
import { applyRealtimeMessage } from '../../../lib/realtime/invalidation';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { NotificationBell } from './NotificationBell';
import { cleanUpAfterEach } from '../../../test/lifecycle';

const stoppedOut = {
  id: 'n2',
  type: 'trade_stopped_out',
  params: { tradeId: 't1', plan: 'Silver', amountCents: 100_000, payoutCents: 90_000 },
  createdAt: '2026-11-25T10:15:00.000Z',
  readAt: null as string | null,
};
const deposit = {
  id: 'n1',
  type: 'deposit_approved',
  params: { transactionId: 'TNX-ABC123', amountCents: 500_000 },
  createdAt: '2026-11-24T09:00:00.000Z',
  readAt: '2026-11-24T09:05:00.000Z',
};
const PREFERENCES = { language: 'en', email: {} };

cleanUpAfterEach();

describe('NotificationBell', () => {
  it('shows the unread count, lists alerts in words, marks one read and follows the socket', async () => {
    const routes: Record<string, { body: unknown }> = {
      'GET /api/notifications/unread-count': { body: { unreadCount: 1 } },
      'GET /api/notifications/preferences': { body: PREFERENCES },
      'GET /api/notifications?limit=20': {
        body: { notifications: [stoppedOut, deposit], nextCursor: null, unreadCount: 1 },
      },
      'POST /api/notifications/n2/read': { body: { unreadCount: 0 } },
    };
    const { fetchStub, calls } = stubFetch(routes);
    vi.stubGlobal('fetch', fetchStub);
    const { queryClient } = renderAt('/dashboard', <NotificationBell />);

    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(within(bell).getByTestId('unread-count').textContent).toBe('1');
    fireEvent.click(bell);

    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('Stop-loss: your Silver copy was closed');
    expect(first?.textContent).toContain(
      '$900.00 of the $1,000.00 you invested is back in your available balance.',
    );
    expect(first?.textContent).toContain('11/25/2026');
    expect(second?.textContent).toContain('Your deposit of $5,000.00 is confirmed');
    expect(within(second!).queryByRole('button')).toBeNull();

    // Marking it read: the server is asked, and the count follows.
    routes['GET /api/notifications/unread-count'] = { body: { unreadCount: 0 } };
    routes['GET /api/notifications?limit=20'] = {
      body: {
        notifications: [{ ...stoppedOut, readAt: '2026-11-25T10:16:00.000Z' }, deposit],
        nextCursor: null,
        unreadCount: 0,
      },
    };
    fireEvent.click(
      within(first!).getByRole('button', {
        name: /^Mark as read\s*: Stop-loss: your Silver copy was closed$/,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/n2/read')).toBe(
      true,
    );

    // A new alert arrives over the socket: the bell refetches without a reload.
    routes['GET /api/notifications/unread-count'] = { body: { unreadCount: 3 } };
    act(() => {
      applyRealtimeMessage({ type: 'notifications.changed' }, queryClient, realtimeHandlers);
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy(),
    );
  });

  it('marks an alert about a practice copy "Practice — virtual money", before its title', async () => {
    const practice = {
      ...stoppedOut,
      id: 'n3',
      params: { ...stoppedOut.params, practice: true },
    };
    const { fetchStub } = stubFetch({
      'GET /api/notifications/unread-count': { body: { unreadCount: 1 } },
      'GET /api/notifications/preferences': { body: PREFERENCES },
      'GET /api/notifications?limit=20': {
        body: { notifications: [practice, deposit], nextCursor: null, unreadCount: 1 },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderAt('/dashboard', <NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toMatch(
      /^Practice — virtual money.*Stop-loss: your Silver copy was closed/,
    );
    expect(second?.textContent).not.toContain('Practice');
  });

  it('says so when there is nothing yet', async () => {
    const { fetchStub } = stubFetch({
      'GET /api/notifications/unread-count': { body: { unreadCount: 0 } },
      'GET /api/notifications/preferences': { body: PREFERENCES },
      'GET /api/notifications?limit=20': {
        body: { notifications: [], nextCursor: null, unreadCount: 0 },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderAt('/dashboard', <NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/No notifications yet/)).toBeTruthy();
  });
});
