import { IDEMPOTENCY_HEADER } from '@app/shared/http';
import { RISK_WARNING } from '@app/shared/risk';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBookStore } from '../../../lib/book';
import { fakeApi } from '../../../test/fetch';
import { openTrade, silverPlan, summaryWith, userFixture } from '../../../test/fixtures';
import { renderSignedIn } from '../../../test/render';
import { PlansPage } from './PlansPage';

vi.mock('sonner', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), loading: vi.fn(() => 'toast-1') },
}));

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useBookStore.setState({ byUser: {} });
});

/** /plans with the practice account shown: $10,000.00 of virtual money, none of it real. */
function renderPracticePlans(user = userFixture({ isActive: false, activatedAt: null })) {
  useBookStore.setState({ byUser: { [user.id]: 'practice' } });
  const calls = fakeApi({
    'GET /api/plans': { body: { plans: [silverPlan] } },
    'GET /api/account/summary?book=practice': { body: summaryWith(1_000_000) },
    'GET /api/account/summary': { body: summaryWith(0) },
    'GET /api/trades/open?book=practice': { body: { trades: [] } },
    'GET /api/trades/open': { body: { trades: [] } },
    'POST /api/trades': { status: 201, body: { trade: openTrade() } },
  });
  renderSignedIn(<PlansPage />, '/plans', '/plans', user);
  return calls;
}

describe('/plans in practice', () => {
  it('lets an account not yet reviewed practise, with its practice balance and no Deposit', async () => {
    renderPracticePlans();
    const silver = await screen.findByRole('article', { name: 'Silver' });
    expect((await screen.findByTestId('available')).textContent).toBe('$10,000.00');
    expect(screen.getByText(/Practice balance:/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
    expect(screen.queryByText('Account is not active.')).toBeNull();
    expect(
      within(silver).getByRole<HTMLButtonElement>('button', { name: 'Invest Now' }).disabled,
    ).toBe(false);
  });

  it('confirms a practice copy as virtual money with the risk warning, and books it in the practice book', async () => {
    const calls = renderPracticePlans();
    const silver = await screen.findByRole('article', { name: 'Silver' });
    await screen.findByTestId('available');
    fireEvent.change(within(silver).getByLabelText('Amount'), { target: { value: '1,000' } });
    fireEvent.click(within(silver).getByRole('button', { name: 'Invest Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your practice copy' });
    expect(within(dialog).getByTestId('invest-practice').textContent).toContain(
      'This copy uses your practice balance, not real money',
    );
    expect(within(dialog).getByText('Practice')).toBeTruthy();
    expect(dialog.textContent).toContain(RISK_WARNING);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and invest' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe('/api/trades');
    expect(posts[0]?.body).toMatchObject({
      planId: silverPlan.id,
      book: 'practice',
      amount: '1000.00',
    });
    expect(posts[0]?.headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(toast.success).toHaveBeenCalledWith(
      'Practice — virtual money · Trade created successfully',
    );
  });

  it('a real investment names no book and carries no marker', async () => {
    useBookStore.setState({ byUser: {} });
    const calls = fakeApi({
      'GET /api/plans': { body: { plans: [silverPlan] } },
      'GET /api/account/summary': { body: summaryWith(300_000) },
      'GET /api/trades/open': { body: { trades: [] } },
      'POST /api/trades': { status: 201, body: { trade: openTrade() } },
    });
    renderSignedIn(<PlansPage />, '/plans', '/plans');
    const silver = await screen.findByRole('article', { name: 'Silver' });
    await screen.findByTestId('available');
    fireEvent.change(within(silver).getByLabelText('Amount'), { target: { value: '1,000' } });
    fireEvent.click(within(silver).getByRole('button', { name: 'Invest Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your investment' });
    expect(within(dialog).queryByTestId('invest-practice')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and invest' }));
    await screen.findByTestId('location');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).not.toHaveProperty('book');
    expect(toast.success).toHaveBeenCalledWith('Trade created successfully');
  });
});
