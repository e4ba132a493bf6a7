import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { OverviewPage } from './OverviewPage';
import { cleanUpAfterEach } from '../../../test/lifecycle';

const overview = {
  users: { total: 13, pending: 3, active: 9, closed: 1 },
  money: { availableCents: 1_234_567, investedCents: 500_000, heldCents: 25_000 },
  pending: {
    deposits: { count: 2, totalCents: 75_000 },
    withdrawals: { count: 1, totalCents: 10_000 },
  },
  volumes: [
    { day: '2026-03-01', depositsCents: 50_000, withdrawalsCents: 0 },
    { day: '2026-03-02', depositsCents: 0, withdrawalsCents: 10_000 },
  ],
  strategies: [{ id: 's1', name: 'Trend Following', aumCents: 900_000, copiers: 4 }],
  demoPaymentMethods: [] as string[],
};

cleanUpAfterEach();

/** The overview page at /admin, the server answering `body` for the overview (else nothing). */
function renderOverview(body: unknown) {
  const { fetchStub } = stubApi((call) =>
    call.path === '/api/admin/overview' ? { body } : undefined,
  );
  vi.stubGlobal('fetch', fetchStub);
  renderAt('/admin', <OverviewPage />, '/admin');
}

describe('OverviewPage', () => {
  it('shows the figures with links to the pending transactions', async () => {
    renderOverview(overview);
    expect(await screen.findByText('$12,345.67')).toBeTruthy();
    expect(screen.getByText('$750.00')).toBeTruthy();
    expect(screen.getByText('2 requests')).toBeTruthy();
    expect(screen.getByText('Trend Following')).toBeTruthy();
    // The top strategies only, and the way to all of them (issue 43).
    expect(
      screen.getByRole('heading', { name: 'Top strategies by assets under management' }),
    ).toBeTruthy();
    expect(
      screen.getByText(/^Up to 10 strategies: those with the most real money copying them\./),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All strategies' }).getAttribute('href')).toBe(
      '/admin/strategies',
    );
    const review = screen.getAllByRole('link', { name: 'Review' });
    expect(review.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/transactions?status=pending&kind=deposit',
      '/admin/transactions?status=pending&kind=withdrawal',
    ]);
    expect(screen.getByRole('img', { name: /daily deposit and withdrawal volumes/i })).toBeTruthy();
    // The user figures count what the user list shows, and say so (issue 39).
    expect(
      screen.getByText(
        'Every account, admins and lead traders included, as the user list shows them; 1 closed account is counted in the total only.',
      ),
    ).toBeTruthy();
  });

  it('explains a missing overview endpoint instead of breaking', async () => {
    const { fetchStub } = stubApi(() => undefined);
    vi.stubGlobal('fetch', fetchStub);
    renderAt('/admin', <OverviewPage />, '/admin');
    expect(await screen.findByText('Overview figures are not available yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pending deposits' })).toBeTruthy();
  });

  it('says which payment methods still show demo details, with a link to replace them', async () => {
    renderOverview({ ...overview, demoPaymentMethods: ['Bitcoin (BTC)', 'Bank Transfer'] });
    const heading = await screen.findByRole('heading', {
      name: '2 payment methods still show demo details',
    });
    const notice = heading.closest('section')!;
    expect(notice.textContent).toContain('Bitcoin (BTC), Bank Transfer: placeholder details');
    expect(
      within(notice).getByRole('link', { name: 'Replace the details' }).getAttribute('href'),
    ).toBe('/admin/payment-methods');
  });

  it('shows no demo notice once every method has real details', async () => {
    renderOverview(overview);
    expect(await screen.findByText('$12,345.67')).toBeTruthy();
    expect(screen.queryByText(/demo details/)).toBeNull();
  });
});
