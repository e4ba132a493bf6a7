import type { MyTraderApplication, TraderDashboard } from '@app/shared/schemas/lead-traders';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { feeOutsideBoundsReply, strategyTerms, testUser } from '../../../test/fixtures';
import { renderSignedIn } from '../../../test/render';
import { TraderApplicationCard } from '../components/TraderApplicationCard';
import { ProgrammeDashboard } from '../components/ProgrammeDashboard';
import { CreateStrategyForm } from '../components/CreateStrategyForm';
import { freshMocksForEachTest } from '../test/setup';
import { fillIn } from '../../../test/form';

vi.mock('sonner', () => ({
  toast: { success: vi.fn(), error: vi.fn(), loading: vi.fn(() => 'toast-1') },
}));

freshMocksForEachTest();

const none: MyTraderApplication = { application: null, isTrader: false };
const programme = {
  feeMinPct: '5',
  feeMaxPct: '25',
  maxStrategies: 1,
  instruments: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT'],
};

describe('Become a lead trader (/profile)', () => {
  it('refuses an empty, unacknowledged application on its fields without asking the server', async () => {
    const calls = fakeApi({ 'GET /api/trader-applications/mine': { body: none } });
    renderSignedIn(<TraderApplicationCard />, '/profile', '/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Display name is required')).toBeTruthy();
    expect(screen.getByText('Bio is required')).toBeTruthy();
    expect(screen.getByText('Tell us about your trading experience')).toBeTruthy();
    expect(screen.getByText('Please acknowledge the lead-trader rules')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sends the application and shows it waiting', async () => {
    const pending: MyTraderApplication = {
      isTrader: false,
      application: {
        id: 'a1',
        status: 'pending',
        displayName: 'Grace H.',
        bio: 'Trend follower',
        experience: 'Ten years',
        createdAt: '2026-11-20T10:00:00.000Z',
        decidedAt: null,
        decisionReason: null,
      },
    };
    const calls = fakeApi({
      'GET /api/trader-applications/mine': { body: none },
      'POST /api/trader-applications': { status: 201, body: pending },
    });
    renderSignedIn(<TraderApplicationCard />, '/profile', '/profile');
    fireEvent.change(await screen.findByLabelText('Display name'), {
      target: { value: 'Grace H.' },
    });
    fillIn('Short bio', 'Trend follower');
    fillIn('Trading experience', 'Ten years');
    fireEvent.click(screen.getByLabelText('I have read and accept the lead-trader rules'));
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Waiting for review')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      displayName: 'Grace H.',
      bio: 'Trend follower',
      experience: 'Ten years',
      acceptRules: true,
    });
  });

  it("shows a rejection's reason and the form to apply again", async () => {
    fakeApi({
      'GET /api/trader-applications/mine': {
        body: {
          isTrader: false,
          application: {
            id: 'a1',
            status: 'rejected',
            displayName: 'G',
            bio: 'b',
            experience: 'e',
            createdAt: '2026-11-20T10:00:00.000Z',
            decidedAt: '2026-11-21T10:00:00.000Z',
            decisionReason: 'No track record yet',
          },
        } satisfies MyTraderApplication,
      },
    });
    renderSignedIn(<TraderApplicationCard />, '/profile', '/profile');
    expect(
      await screen.findByText('You may apply again. Reason: No track record yet'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send application' })).toBeTruthy();
  });

  it('tells an account that is not active why it cannot apply, instead of the form', async () => {
    fakeApi({ 'GET /api/trader-applications/mine': { body: none } });
    renderSignedIn(<TraderApplicationCard />, '/profile', '/profile', {
      ...testUser,
      isActive: false,
      activatedAt: null,
    });
    expect(
      await screen.findByText(
        'You can apply once your account is active: an admin reviews every new account first, and we e-mail you when yours is active.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send application' })).toBeNull();
    cleanup();

    fakeApi({ 'GET /api/trader-applications/mine': { body: none } });
    renderSignedIn(<TraderApplicationCard />, '/profile', '/profile', {
      ...testUser,
      isActive: false,
    });
    expect(
      await screen.findByText(/Your account is deactivated, so you cannot apply/),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Display name')).toBeNull();
  });

  it("shows the reviewer's note to an approved lead trader", async () => {
    fakeApi({
      'GET /api/trader-applications/mine': {
        body: {
          isTrader: true,
          application: {
            id: 'a1',
            status: 'approved',
            displayName: 'G',
            bio: 'b',
            experience: 'e',
            createdAt: '2026-11-20T10:00:00.000Z',
            decidedAt: '2026-11-21T10:00:00.000Z',
            decisionReason: 'Strong record; start with a small cap',
          },
        } satisfies MyTraderApplication,
      },
    });
    renderSignedIn(<TraderApplicationCard />, '/profile', '/profile', {
      ...testUser,
      isTrader: true,
    });
    expect(
      await screen.findByText('Note from the reviewer: Strong record; start with a small cap'),
    ).toBeTruthy();
  });
});

/**
 * Shows the programme dashboard of a trader whose one strategy (BTCUSDT, 20% fee) has these
 * figures.
 */
function showDashboard(
  figures: Pick<TraderDashboard, 'copiers' | 'aumCents' | 'feesEarnedCents' | 'feesByDay'>,
) {
  const dashboard: TraderDashboard = {
    strategyId: 's1',
    terms: strategyTerms({ performanceFeePct: '20.00' }),
    ...figures,
  };
  fakeApi({
    'GET /api/trader/dashboard': { body: dashboard },
    'GET /api/trader/programme': { body: programme },
  });
  renderSignedIn(<ProgrammeDashboard />, '/trader', '/trader', { ...testUser, isTrader: true });
}

describe('/trader programme figures', () => {
  it('shows the copier count, the money copying and the fees the ledger credited, by day', async () => {
    showDashboard({
      copiers: 3,
      aumCents: 1_234_567,
      feesEarnedCents: 2_500,
      feesByDay: [
        { day: '2026-11-20', feesCents: 2_000 },
        { day: '2026-11-21', feesCents: 500 },
      ],
    });
    expect((await screen.findByTestId('dashboard-copiers')).textContent).toBe('3');
    expect(screen.getByTestId('dashboard-aum').textContent).toBe('$12,345.67');
    expect(screen.getByTestId('dashboard-fees').textContent).toBe('$25.00');
    const byDay = screen.getByRole('table', { name: 'Fees earned by day' });
    expect(byDay.textContent).toContain('2026-11-21');
    expect(byDay.textContent).toContain('$5.00');
    expect(screen.getByTestId('terms-fee').textContent).toBe('20.00%');
  });

  it('before any fee, says a fee comes from claims, removals and closes above the high-water mark', async () => {
    showDashboard({ copiers: 0, aumCents: 0, feesEarnedCents: 0, feesByDay: [] });
    expect(await screen.findByText('No fees earned yet')).toBeTruthy();
    expect(
      screen.getByText(
        'A fee is charged when a copier claims profit, removes funds or closes a copy above its high-water mark.',
      ),
    ).toBeTruthy();
  });

  it('puts a fee outside the bounds, refused by the server, on the fee field', async () => {
    const calls = fakeApi({
      'GET /api/trader/programme': { body: programme },
      'POST /api/trader/strategy': feeOutsideBoundsReply,
    });
    renderSignedIn(<CreateStrategyForm />, '/trader', '/trader', { ...testUser, isTrader: true });
    fireEvent.change(await screen.findByLabelText('Strategy name'), {
      target: { value: 'Trend' },
    });
    fillIn('Description', 'Long BTC');
    fireEvent.click(screen.getByLabelText('BTCUSDT'));
    fireEvent.change(screen.getByLabelText('Performance fee (%)'), { target: { value: '26' } });
    fireEvent.change(screen.getByLabelText('Minimum copy amount ($)'), {
      target: { value: '100' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create strategy' }));
    expect(await screen.findByText('Performance fee must be from 5% to 25%')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Trend',
      description: 'Long BTC',
      instruments: ['BTCUSDT'],
      performanceFeePct: '26',
      minCopy: '100',
      maxCopiers: null,
    });
  });
});
