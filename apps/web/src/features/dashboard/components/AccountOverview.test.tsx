import type { AccountSummary } from '@app/shared/schemas/account';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderSignedIn } from '../../../test/render';
import { tx } from '../../../test/fixtures';
import { openTrade } from '../../../test/fixtures';
import { DashboardPage } from '../pages/DashboardPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary: AccountSummary = {
  availableCents: 90_000,
  heldCents: 10_000,
  investedCents: 25_000,
  balanceCents: 125_050,
  totalDepositsCents: 100_000,
  totalWithdrawalsCents: 5_000,
  totalProfitCents: 30_050,
  totalBonusCents: 10_000,
  percentUp: '25.05',
  pendingWithdrawalsCount: 1,
  openTrades: [],
  openTradesValueCents: 0,
  recentTransactions: [
    tx({ id: 'a', transactionId: 'TNX-AAAAAA' }),
    tx({ id: 'b', transactionId: 'TNX-BBBBBB', type: 'withdraw', status: 'pending' }),
    tx({ id: 'c', transactionId: 'TNX-CCCCCC' }),
  ],
};

function renderWith(body: AccountSummary | null, status = 200) {
  fakeApi({
    'GET /api/account/summary': body
      ? { body }
      : { status, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } },
  });
  renderSignedIn(<DashboardPage />, '/dashboard', '/dashboard');
}

describe('Dashboard money figures', () => {
  it('shows the balance, the return, the four totals and the latest 3 transactions', async () => {
    renderWith(summary);
    expect((await screen.findByTestId('balance')).textContent).toBe('$1,250.50');
    const change = screen.getByTestId('percent-change');
    expect(change.dataset.direction).toBe('up');
    expect(change.textContent).toContain('Up 25.05% since you started investing');
    for (const [label, value] of [
      ['Total Deposits', '$1,000.00'],
      ['Total Profit', '$300.50'],
      ['Total Bonus', '$100.00'],
      ['Total Withdrawals', '$50.00'],
    ] as const) {
      expect(screen.getByText(label).nextElementSibling?.textContent).toBe(value);
    }
    expect(screen.getAllByTestId('transaction')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe(
      '/transactions',
    );
    expect(await screen.findByText('No ongoing trades yet')).toBeTruthy();
  });

  it('adds up: the balance is available + on hold + the open trade at the value the trade card shows', async () => {
    const trade = openTrade({ amountCents: 25_000, valueCents: 26_010, profitCents: 1_010 });
    renderWith({
      ...summary,
      investedCents: 25_000,
      balanceCents: 126_010,
      openTrades: [trade],
      openTradesValueCents: 26_010,
    });
    expect((await screen.findByTestId('balance')).textContent).toBe('$1,260.10');
    expect(screen.getByText('Available').nextElementSibling?.textContent).toBe('$900.00');
    expect(
      screen.getByText('On hold for pending withdrawals').nextElementSibling?.textContent,
    ).toBe('$100.00');
    expect(screen.getByTestId('open-trades-value').textContent).toBe('$260.10');
    expect(screen.getByText('You put in $250.00')).toBeTruthy();
    expect(screen.getByText(/plus your open trade at today's value/)).toBeTruthy();
    // The trade card shows the same value, from the same answer.
    expect((await screen.findByTestId('trade-value')).textContent).toBe('$260.10');
  });

  it('shows a loss as down, in red', async () => {
    renderWith({ ...summary, percentUp: '-12.40' });
    const change = await screen.findByTestId('percent-change');
    expect(change.dataset.direction).toBe('down');
    expect(change.textContent).toContain('Down 12.40%');
    expect(change.className).toContain('text-danger');
  });

  it('hides the percentage before any deposit', async () => {
    renderWith({ ...summary, percentUp: null });
    await screen.findByTestId('balance');
    expect(screen.queryByTestId('percent-change')).toBeNull();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    renderWith(null, 500);
    expect(await screen.findByText('We could not load your account figures.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
