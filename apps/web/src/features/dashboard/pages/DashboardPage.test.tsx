import type { Me } from '@app/shared/schemas/auth';
import type { CurrentTrade } from '@app/shared/schemas/trades';
import { openTrade, summaryHolding } from '../../../test/fixtures';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { DashboardPage } from './DashboardPage';

const user = { id: 'u1', name: 'Jane Doe', email: 'jane@example.com' } as Me;

function renderAs(me: Me, trade: CurrentTrade | null = null, verification?: object) {
  useAuthStore.setState({ user: me });
  vi.stubGlobal(
    'fetch',
    stubFetch({
      'GET /api/auth/session': { body: { user: me } },
      'GET /api/account/summary': { body: summaryHolding(trade) },
      ...(verification ? { 'GET /api/verification': { body: verification } } : {}),
    }).fetchStub,
  );
  renderAt('/dashboard', <DashboardPage />);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('tells a new account what activates it, and promises no time nothing enforces', async () => {
    renderAs({ ...user, isActive: false, activatedAt: null });
    expect(screen.getByRole('heading', { name: 'Account is not active' })).toBeTruthy();
    expect(
      screen.getByText(/Our team reviews every new account and activates it; we e-mail you/),
    ).toBeTruthy();
    expect(screen.queryByText(/24 hours/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
      '/support',
    );
    expect(screen.queryByRole('link', { name: /Deposit/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Withdraw' })).toBeTruthy();
    expect(await screen.findByText('No ongoing trades yet')).toBeTruthy();
  });

  it('shows a deactivated account its money and trade, says why, and never the new-account text', async () => {
    renderAs({ ...user, isActive: false, activatedAt: '2026-01-05T10:00:00.000Z' }, openTrade());
    expect(screen.getByRole('heading', { name: 'Your account is deactivated' })).toBeTruthy();
    expect(screen.getByText(/withdraw your money at any time/)).toBeTruthy();
    expect(screen.queryByText(/within 24 hours/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Deposit/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe(
      '/withdrawals',
    );
    // The open trade, with its own close: money can always leave.
    expect(await screen.findByRole('button', { name: 'Close Trade' })).toBeTruthy();
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

  describe('status texts follow the account', () => {
    const notStarted = {
      required: false,
      standing: 'not_started',
      status: null,
      details: null,
      documents: [],
      reason: null,
      requestedDocument: null,
      submittedAt: null,
      decidedAt: null,
    };

    it('greets an account registered minutes ago with "Welcome", and says it has no investments yet', async () => {
      renderAs(
        { ...user, isActive: false, createdAt: new Date(Date.now() - 5 * 60_000).toISOString() },
        null,
        notStarted,
      );
      expect(screen.getByRole('heading', { name: 'Welcome, Jane' })).toBeTruthy();
      expect(screen.queryByText(/Welcome back/)).toBeNull();
      expect((await screen.findByTestId('percent-change')).textContent).toBe('No investments yet');
      expect(screen.queryByText(/since you started investing/)).toBeNull();
    });

    it('with verification off (the default), a new account is told verification is optional, never that it activates the account', async () => {
      renderAs({ ...user, isActive: false, activatedAt: null }, null, notStarted);
      expect(
        await screen.findByText(/^Optional: your account can be activated without it/),
      ).toBeTruthy();
      expect(screen.getByTestId('verification-status').textContent).toContain('Optional');
      expect(screen.queryByText(/to activate your account/)).toBeNull();
      expect(
        screen.queryByText(/Verifying your identity is how your account is activated/),
      ).toBeNull();
      expect(screen.getByText(/Our team reviews every new account and activates it/)).toBeTruthy();
    });

    it('with verification required, both cards say the verification is the way to activation', async () => {
      renderAs({ ...user, isActive: false, activatedAt: null }, null, {
        ...notStarted,
        required: true,
      });
      expect(
        await screen.findByText(/^Verifying your identity is how your account is activated/),
      ).toBeTruthy();
      expect(
        await screen.findByText(/activated once our team has approved your identity verification/),
      ).toBeTruthy();
      expect(screen.queryByText(/^Optional/)).toBeNull();
      expect(screen.queryByText(/24 hours/)).toBeNull();
    });

    it('greets a returning investor with "Welcome back" and shows no "activate" prompt on an active account', async () => {
      renderAs(
        { ...user, isActive: true, createdAt: '2026-01-02T10:00:00.000Z' },
        openTrade(),
        notStarted,
      );
      expect(screen.getByRole('heading', { name: 'Welcome back, Jane' })).toBeTruthy();
      expect(await screen.findByTestId('percent-change')).toBeTruthy();
      expect(screen.queryByText(/No investments yet/)).toBeNull();
      expect(screen.queryByText(/to activate your account/)).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Account verification' })).toBeNull();
    });
  });
});
