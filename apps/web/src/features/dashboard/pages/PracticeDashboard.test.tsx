import { IDEMPOTENCY_HEADER } from '@app/shared/http';
import { formatUsd } from '@app/shared/money';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBookStore } from '../../../lib/book';
import { fakeApi } from '../../../test/fetch';
import {
  openTrade,
  practiceFixture,
  summaryHolding,
  summaryWith,
  userFixture,
} from '../../../test/fixtures';
import { renderSignedIn, requestsSettled } from '../../../test/render';
import { DashboardPage } from './DashboardPage';

// The live chart draws on a canvas jsdom does not have; nothing here is about it.
vi.mock('../../market/components/LiveTradePanel', () => ({ LiveTradePanel: () => null }));
vi.mock('sonner', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), loading: vi.fn(() => 'toast-1') },
}));

const practice = practiceFixture();

/** A practice copy (the API names its book; the shared schema gains `book` with the server's part). */
const practiceCopy = Object.assign(openTrade(), { book: 'practice' });

/** The practice account holds $500.00 and one practice copy; the real one $0.00. */
function renderPractice(extra = {}, user = userFixture({ isActive: false, activatedAt: null })) {
  useBookStore.setState({ byUser: { [user.id]: 'practice' } });

  const calls = fakeApi({
    'GET /api/practice': { body: { practice } },
    'GET /api/account/summary?book=practice': { body: summaryHolding(practiceCopy) },
    'GET /api/account/summary': { body: summaryWith(0) },
    'GET /api/verification': {
      body: { required: true, standing: 'not_started', status: null, documents: [] },
    },
    'GET /api/appropriateness': { body: { required: true, standing: 'not_taken' } },
    ...extra,
  });
  renderSignedIn(<DashboardPage />, '/dashboard', '/dashboard', user);
  return calls;
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useBookStore.setState({ byUser: {} });
});

describe('the practice dashboard', () => {
  it('shows the practice balance and copy, no deposit or withdrawal, and says it is virtual money', async () => {
    const calls = renderPractice();
    const held = summaryHolding(practiceCopy);
    expect((await screen.findByTestId('balance')).textContent).toBe(formatUsd(held.balanceCents));
    expect(screen.getByText('Practice balance')).toBeTruthy();
    expect(screen.getByTestId('practice-virtual-note').textContent).toBe(
      'Virtual money: it cannot be withdrawn.',
    );
    expect(screen.getByText('Started with').nextElementSibling?.textContent).toBe('$10,000.00');
    for (const real of ['Total Deposits', 'Total Bonus', 'Total Withdrawals']) {
      expect(screen.queryByText(real)).toBeNull();
    }
    expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Withdraw' })).toBeNull();
    // The account is not active: practice needs no review, so no standing notice shows here.
    expect(screen.queryByRole('heading', { name: 'Account is not active' })).toBeNull();
    // The practice copy, badged.
    expect(await screen.findByRole('button', { name: 'Close Trade' })).toBeTruthy();
    expect(screen.getAllByText('Practice').length).toBeGreaterThan(0);
    expect(calls.some((call) => call.path === '/api/account/summary?book=practice')).toBe(true);
  });

  it("puts the real account's next step one click away, and the click shows the real account", async () => {
    renderPractice();
    const card = await screen.findByTestId('real-next-step');
    await requestsSettled();
    expect(card.dataset.standing).toBe('verify');
    const link = within(card).getByRole('link', { name: 'Verify my identity' });
    expect(link.getAttribute('href')).toBe('/verification');
    fireEvent.click(link);
    expect(useBookStore.getState().byUser.u1).toBe('real');
  });

  it('an active real account with $0.00 is told to deposit', async () => {
    renderPractice(
      {
        'GET /api/verification': {
          body: { required: false, standing: 'approved', status: null, documents: [] },
        },
        'GET /api/appropriateness': { body: { required: true, standing: 'appropriate' } },
      },
      userFixture(),
    );
    const card = await screen.findByTestId('real-next-step');
    await requestsSettled();
    expect(card.dataset.standing).toBe('deposit');
    expect(within(card).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(
      '/deposits',
    );
  });

  it('starts again after a confirmation that says what happens, once per confirmation', async () => {
    const calls = renderPractice({
      'POST /api/practice/reset': { body: { practice, closedCopies: 2 } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start again with $10,000.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start again with $10,000.00?' });
    expect(dialog.textContent).toContain(
      'Every open practice copy is closed at its current value, then your practice balance goes back to $10,000.00.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start again' }));
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Practice — virtual money · Practice account started again with $10,000.00',
        { description: '2 practice copies closed' },
      ),
    );
    const resets = calls.filter((call) => call.path === '/api/practice/reset');
    expect(resets).toHaveLength(1);
    expect(resets[0]?.method).toBe('POST');
    expect(resets[0]?.headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog and its key when the reset fails, so Try again resets once', async () => {
    let attempt = 0;
    const calls = renderPractice({
      'POST /api/practice/reset': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try later' } } }
          : { body: { practice, closedCopies: 1 } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start again with $10,000.00' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start again' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start again' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalled());
    const keys = calls
      .filter((call) => call.path === '/api/practice/reset')
      .map((call) => call.headers[IDEMPOTENCY_HEADER]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
