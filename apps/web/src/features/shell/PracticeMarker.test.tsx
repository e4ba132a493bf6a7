import type { Me } from '@app/shared/schemas/auth';
import type { PracticeAccount } from '@app/shared/schemas/practice';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/auth';
import { useBookStore } from '../../lib/book';
import { stubFetch } from '../../test/fetch';
import { userFixture } from '../../test/fixtures';
import { ProtectedLayout } from './ProtectedLayout';

const jane: Me = userFixture({ isAdmin: true, twoFactorEnabled: true });
const practice: PracticeAccount = {
  enabled: true,
  startingCents: 1_000_000,
  eligible: true,
  account: {
    openedAt: '2026-11-20T10:00:00.000Z',
    startingCents: 1_000_000,
    resets: 0,
    lastResetAt: null,
  },
};

function renderShell(path: string) {
  const { fetchStub } = stubFetch({
    'GET /api/auth/session': { body: { user: jane } },
    'GET /api/auth/csrf': { body: {} },
    'GET /api/practice': { body: { practice } },
  });
  vi.stubGlobal('fetch', fetchStub);
  const router = createMemoryRouter(
    [
      {
        element: <ProtectedLayout />,
        children: [
          { path: '/dashboard', element: <p>dashboard page</p> },
          { path: '/transactions', element: <p>transactions page</p> },
          { path: '/admin', element: <p>admin page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useAuthStore.setState({ user: null, loggedOut: false, signedOutTo: undefined });
  window.scrollTo = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useBookStore.setState({ byUser: {} });
});

describe('the "Practice — virtual money" marker', () => {
  it('shows on every signed-in screen while Practice is chosen, and goes with Real', async () => {
    useBookStore.setState({ byUser: { u1: 'practice' } });
    renderShell('/transactions');
    expect(await screen.findByText('transactions page')).toBeTruthy();
    expect(screen.getByTestId('practice-marker').textContent).toContain('Practice — virtual money');
    fireEvent.click(await screen.findByRole('radio', { name: 'Real' }));
    expect(screen.queryByTestId('practice-marker')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Practice' }));
    expect(screen.getByTestId('practice-marker')).toBeTruthy();
  });

  it('is not shown on the real account', async () => {
    renderShell('/dashboard');
    await screen.findByRole('radio', { name: 'Real' });
    expect(screen.queryByTestId('practice-marker')).toBeNull();
  });

  it('leaves the back office alone: no switch and no marker on /admin', async () => {
    useBookStore.setState({ byUser: { u1: 'practice' } });
    renderShell('/admin');
    expect(await screen.findByText('admin page')).toBeTruthy();
    expect(screen.queryByTestId('practice-marker')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Account shown' })).toBeNull();
  });
});
