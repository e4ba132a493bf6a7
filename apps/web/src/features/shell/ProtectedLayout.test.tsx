import type { Me } from '@app/shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/auth';
import { stubFetch } from '../../test/fetch';
import { LocationProbe } from '../../test/render';
import { ProtectedLayout } from './ProtectedLayout';
import { practiceFixture, userFixture } from '../../test/fixtures';
import { useBookStore } from '../../lib/book';

const jane: Me = userFixture({ phone: '+1 555' });

function renderShell(path: string, me: Me | null) {
  const { fetchStub, calls } = stubFetch({
    'GET /api/auth/session': me
      ? { body: { user: me } }
      : { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } } },
    'GET /api/auth/csrf': { body: {} },
    'POST /api/auth/logout': { body: { ok: true }, delayMs: 50 },
    'GET /api/practice': { body: { practice: practiceFixture() } },
  });
  vi.stubGlobal('fetch', fetchStub);
  const router = createMemoryRouter(
    [
      {
        element: <ProtectedLayout />,
        children: [
          { path: '/dashboard', element: <p>dashboard page</p> },
          { path: '/admin', element: <p>admin page</p> },
          { path: '/plans', handle: { visitors: true }, element: <p>plans page</p> },
        ],
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, queryClient };
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

describe('ProtectedLayout', () => {
  it('shows Loading while the session is checked, then the page', async () => {
    renderShell('/dashboard', jane);
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });

  it('redirects to /login without a user, remembering where they were going', async () => {
    renderShell('/dashboard', null);
    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe('/login');
    expect(location.dataset.from).toBe('/dashboard');
  });

  it('sends a user whose account was just closed to /account-closed, not /login', async () => {
    useAuthStore.setState({
      user: null,
      loggedOut: true,
      signedOutTo: { path: '/account-closed', state: { ledgerRetentionYears: 10 } },
    });
    renderShell('/dashboard', null);
    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe('/account-closed');
  });

  it('shows a page open to visitors (/plans) to a visitor in the public frame, not /login', async () => {
    renderShell('/plans', null);
    expect(await screen.findByText('plans page')).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
    // The public top bar (Login) and footer, not the investor's sidebar.
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('shows the same page to a signed-in user inside the shell', async () => {
    renderShell('/plans', jane);
    expect(await screen.findByText('plans page')).toBeTruthy();
    expect(screen.getAllByRole('navigation', { name: 'Main navigation' }).length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('paints from the stored snapshot and clears it when the server says signed out', async () => {
    useAuthStore.getState().setUser(jane);
    renderShell('/dashboard', null);
    expect(screen.getByText('dashboard page')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('shows the user menu, and the admin menu on /admin routes for admins', async () => {
    renderShell('/admin', { ...jane, isAdmin: true, twoFactorEnabled: true });
    await screen.findByText('admin page');
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/admin',
      '/admin/users',
      '/admin/transactions',
      '/admin/approvals',
      '/admin/verifications',
      '/admin/trader-applications',
      '/admin/plans',
      '/admin/payment-methods',
      '/admin/chain-transfers',
      '/admin/strategies',
      '/admin/messages',
      '/admin/outbox',
      '/admin/audit',
    ]);
  });

  it('sends an account signed in with the printed one-time password to change it first', async () => {
    renderShell('/admin', { ...jane, isAdmin: true, passwordChangeRequired: true });
    expect((await screen.findByTestId('location')).textContent).toBe('/change-password');
    expect(screen.queryByText('admin page')).toBeNull();
  });

  it('tells an admin without two-factor sign-in to set it up on /profile instead of the admin page', async () => {
    renderShell('/admin', { ...jane, isAdmin: true, twoFactorEnabled: false });
    const notice = await screen.findByRole('alert');
    expect(
      within(notice).getByRole('heading', { name: 'Turn on two-factor authentication first' }),
    ).toBeTruthy();
    expect(
      within(notice)
        .getByRole('link', { name: 'Set up two-factor authentication' })
        .getAttribute('href'),
    ).toBe('/profile');
    expect(screen.queryByText('admin page')).toBeNull();
  });

  it('sends non-admins away from /admin', async () => {
    renderShell('/admin', jane);
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(within(nav).getAllByRole('link')).toHaveLength(7);
  });

  it('logs out: shows Logging out..., clears the snapshot and goes to /login', async () => {
    useAuthStore.getState().setUser(jane);
    const { calls } = renderShell('/dashboard', jane);
    await screen.findByText('dashboard page');
    fireEvent.click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    expect(await screen.findByText('Logging out...')).toBeTruthy();
    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe('/login');
    expect(location.dataset.from).toBeUndefined();
    await waitFor(() => expect(useAuthStore.getState().user).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true);
    expect(localStorage.getItem('auth-storage')).toContain('"user":null');
  });
});

describe('the "Practice — virtual money" marker', () => {
  it('shows on every signed-in screen while Practice is chosen, and goes with Real', async () => {
    useBookStore.setState({ byUser: { [jane.id]: 'practice' } });
    renderShell('/dashboard', jane);
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(screen.getByTestId('practice-marker').textContent).toContain('Practice — virtual money');
    fireEvent.click(await screen.findByRole('radio', { name: 'Real' }));
    expect(screen.queryByTestId('practice-marker')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Practice' }));
    expect(screen.getByTestId('practice-marker')).toBeTruthy();
  });

  it('is not shown on the real account', async () => {
    renderShell('/dashboard', jane);
    await screen.findByRole('radio', { name: 'Real' });
    expect(screen.queryByTestId('practice-marker')).toBeNull();
  });

  it('leaves the back office alone: no switch and no marker on /admin', async () => {
    useBookStore.setState({ byUser: { [jane.id]: 'practice' } });
    renderShell('/admin', { ...jane, isAdmin: true, twoFactorEnabled: true });
    expect(await screen.findByText('admin page')).toBeTruthy();
    expect(screen.queryByTestId('practice-marker')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Account shown' })).toBeNull();
  });
});
