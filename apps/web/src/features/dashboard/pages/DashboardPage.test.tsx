import type { Me } from '@app/shared/schemas/auth';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { renderAt, stubFetch } from '../../auth/testUtils';
import { DashboardPage } from './DashboardPage';

const user = { id: 'u1', name: 'Jane Doe', email: 'jane@example.com' } as Me;

function renderAs(me: Me) {
  useAuthStore.setState({ user: me });
  vi.stubGlobal(
    'fetch',
    stubFetch({
      'GET /api/auth/me': { body: { user: me } },
      'GET /api/trades/current': { body: { trade: null } },
    }).fetchStub,
  );
  renderAt('/dashboard', <DashboardPage />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('tells an inactive user the account is not active, with a link to support', () => {
    renderAs({ ...user, isActive: false });
    expect(screen.getByRole('heading', { name: 'Account is not active' })).toBeTruthy();
    expect(screen.getByText(/within 24 hours of registration/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
      '/support',
    );
    expect(screen.queryByRole('link', { name: /Deposit/ })).toBeNull();
  });

  it('shows an active user the actions and the empty trade panel', async () => {
    renderAs({ ...user, isActive: true });
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/deposits');
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe(
      '/withdrawals',
    );
    expect(await screen.findByText('No ongoing trades yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe to a plan' }).getAttribute('href')).toBe(
      '/plans',
    );
  });
});
