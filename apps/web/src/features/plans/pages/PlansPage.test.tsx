import { IDEMPOTENCY_HEADER } from '@app/shared/http';
import { RISK_WARNING } from '@app/shared/risk';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { sessionQueryKey, useAuthStore } from '../../../lib/auth';
import { fakeApi } from '../../../test/fetch';
import { testUser } from '../../../test/fixtures';
import { renderSignedIn } from '../../../test/render';
import { openTrade, silverPlan, summaryWith, userFixture } from '../../../test/fixtures';
import { useBookStore } from '../../../lib/book';
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

const pausedPlan = {
  ...silverPlan,
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Gold',
  recommended: false,
  strategy: { ...silverPlan.strategy!, name: 'Mean Reverter', paused: true },
};

/** A plan of another strategy than Silver's (s1). */
const basicOther = {
  ...silverPlan,
  id: '44444444-4444-4444-8444-444444444444',
  title: 'Basic',
  recommended: false,
  strategy: { ...silverPlan.strategy!, id: 's2', name: 'Majors Basket' },
};

const basicPlan = {
  ...silverPlan,
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Basic',
  recommended: false,
};

function renderPlans(
  options: {
    available?: number;
    trades?: unknown[];
    plans?: unknown[];
    extra?: object;
    path?: string;
  } = {},
) {
  const calls = fakeApi({
    'GET /api/plans': { body: { plans: options.plans ?? [silverPlan, pausedPlan] } },
    'GET /api/account/summary': { body: summaryWith(options.available ?? 300_000) },
    'GET /api/trades/open': { body: { trades: options.trades ?? [] } },
    ...options.extra,
  });
  renderSignedIn(<PlansPage />, options.path ?? '/plans', '/plans');
  return calls;
}

async function silverCard() {
  return screen.findByRole('article', { name: 'Silver' });
}

function investIn(card: HTMLElement, amount: string) {
  fireEvent.change(within(card).getByLabelText('Amount'), { target: { value: amount } });
  fireEvent.click(within(card).getByRole('button', { name: 'Invest Now' }));
}

describe('/plans', () => {
  it('shows each plan with its real past figures, the risk warning and a paused strategy', async () => {
    renderPlans();
    const silver = await silverCard();
    expect(screen.getByRole('heading', { name: 'Choose a Plan' })).toBeTruthy();
    expect(screen.getAllByRole('note').some((n) => n.textContent?.includes(RISK_WARNING))).toBe(
      true,
    );
    const text = silver.textContent ?? '';
    expect(text).toContain('$1,000.00 – $4,999.00');
    expect(text).toContain('Term: 7 days');
    expect(text).toContain('Trend Rider');
    expect(text).toContain('Past performance, 30 days to 11/21/2026');
    expect(text).toContain('+16.19%');
    expect(text).toContain('Average daily return (past 30 days)+0.57%');
    expect(text).toContain('9.19%');
    expect(text).toContain('$116,191.52');
    expect(text).toContain('Support by e-mail from our team');
    expect(text).not.toMatch(/daily ROI/i);
    expect(within(silver).getByRole('img', { name: /net asset value/ })).toBeTruthy();

    const gold = screen.getByRole('article', { name: 'Gold' });
    expect(gold.textContent).toContain('New investment in this strategy is paused.');
    expect(
      within(gold).getByRole<HTMLButtonElement>('button', { name: 'Invest Now' }).disabled,
    ).toBe(true);
  });

  it("validates the amount with the plan's min and max and the available balance", async () => {
    const calls = renderPlans({ available: 150_000 });
    const silver = await silverCard();
    await screen.findByTestId('available');
    fireEvent.click(within(silver).getByRole('button', { name: 'Invest Now' }));
    expect(await within(silver).findByText('Amount is required')).toBeTruthy();
    investIn(silver, '500');
    expect(
      await within(silver).findByText('Amount must be greater than or equal to $1,000'),
    ).toBeTruthy();
    investIn(silver, '5000');
    expect(
      await within(silver).findByText('Amount must be less than or equal to $4,999'),
    ).toBeTruthy();
    investIn(silver, '2000');
    expect(await within(silver).findByText('Insufficient balance')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('names a demo strategy with its "Demo strategy" label in the confirmation', async () => {
    const demoSilver = { ...silverPlan, strategy: { ...silverPlan.strategy, runBy: 'demo' } };
    renderPlans({ plans: [demoSilver] });
    investIn(await silverCard(), '1,000');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your investment' });
    expect(within(dialog).getByText('Demo strategy')).toBeTruthy();
  });

  it('confirms with the risk warning, then posts once with an idempotency key and goes to the dashboard', async () => {
    const calls = renderPlans({
      extra: { 'POST /api/trades': { status: 201, body: { trade: openTrade() } } },
    });
    investIn(await silverCard(), '1,000');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your investment' });
    const text = dialog.textContent ?? '';
    expect(text).toContain('$1,000.00');
    expect(text).toContain('Silver');
    expect(text).toContain('Trend Rider');
    expect(text).toMatch(/7 days \(closes on \d\d\/\d\d\/\d{4}\)/);
    expect(text).toContain('10%');
    expect(text).toContain('high-water mark');
    expect(text).toContain(RISK_WARNING);
    expect(within(dialog).getByRole('slider', { name: 'Copy stop-loss' })).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('slider'), { target: { value: '25' } });
    expect(dialog.textContent).toContain('falls to $750.00');
    // An optional take-profit: out of bounds holds the confirmation back and says why.
    const takeProfit = within(dialog).getByRole('textbox', { name: 'Take-profit (optional)' });
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', {
      name: 'Confirm and invest',
    });
    fireEvent.change(takeProfit, { target: { value: '0' } });
    expect(dialog.textContent).toContain('Take-profit must be a whole percentage from 1 to 1000');
    expect(confirm.disabled).toBe(true);
    fireEvent.change(takeProfit, { target: { value: '30' } });
    expect(dialog.textContent).toContain('(its value reaches $1,300.00)');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and invest' }));
    expect(await screen.findByTestId('location')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
    expect(toast.success).toHaveBeenCalledWith('Trade created successfully');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe('/api/trades');
    expect(posts[0]?.body).toEqual({
      planId: silverPlan.id,
      amount: '1000.00',
      stopLossPct: 25,
      takeProfitPct: 30,
    });
    expect(posts[0]?.headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reuses the idempotency key on Try again and shows a refused amount on the field', async () => {
    let attempt = 0;
    const calls = renderPlans({
      extra: {
        'POST /api/trades': () => {
          attempt += 1;
          return attempt === 1
            ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try later' } } }
            : {
                status: 400,
                body: {
                  error: {
                    code: 'VALIDATION_FAILED',
                    message: 'Insufficient balance',
                    field: 'amount',
                  },
                },
              };
        },
      },
    });
    const silver = await silverCard();
    investIn(silver, '1000');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and invest' }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error creating trade', {
        description: 'Try later',
      }),
    );
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Try again' }));
    expect(await within(silver).findByText('Insufficient balance')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers[IDEMPOTENCY_HEADER]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('sends the investor to the appropriateness check when the server asks for it, with the way back to the plan', async () => {
    renderPlans({
      extra: {
        'POST /api/trades': {
          status: 409,
          body: {
            error: {
              code: 'APPROPRIATENESS_REQUIRED',
              message: 'Before your first copy trade, please answer a few questions',
              params: { reason: 'not_taken' },
            },
          },
        },
      },
    });
    const silver = await silverCard();
    investIn(silver, '1000');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and invest' }));
    // The plan and the amount go through the check, and nothing pretends to be invested.
    expect((await screen.findByTestId('location')).textContent).toBe(
      `/appropriateness?plan=${silverPlan.id}&amount=1000.00`,
    );
    // No toast: the check's page says it, and a toast stayed over the top of that page and then
    // over the title of the confirmation reopened after it (390 px).
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a plan of a retired strategy says so and offers no Invest Now; a copy in it cannot grow', async () => {
    const retiredPlan = {
      ...pausedPlan,
      closed: 'strategy_retired',
      strategy: { ...pausedPlan.strategy, paused: false, retired: true },
    };
    renderPlans({ plans: [silverPlan, retiredPlan] });
    const gold = await screen.findByRole('article', { name: 'Gold' });
    expect(within(gold).getByTestId('plan-closed').textContent).toContain(
      'Retired: not open to new investment.',
    );
    expect(within(gold).getByText('Retired')).toBeTruthy();
    expect(within(gold).queryByRole('button', { name: 'Invest Now' })).toBeNull();
    expect(within(gold).queryByLabelText('Amount')).toBeNull();
    expect(within(gold).getByTestId('plan-closed-action').textContent).toBe(
      'Not open to new investment',
    );
  });

  it('a copy held in a closed plan shows Add funds off, with the reason', async () => {
    const retiredSilver = {
      ...silverPlan,
      closed: 'strategy_retired',
      strategy: { ...silverPlan.strategy!, retired: true },
    };
    renderPlans({ plans: [retiredSilver], trades: [openTrade({ planId: silverPlan.id })] });
    const silver = await silverCard();
    const add = await within(silver).findByRole<HTMLButtonElement>('button', {
      name: 'Add funds',
    });
    expect(add.disabled).toBe(true);
    expect(silver.textContent).toContain('The strategy is retired: no money can be added.');
  });

  it('a refusal no retry can change (the strategy retired meanwhile) offers Close, never Try again', async () => {
    const calls = renderPlans({
      extra: {
        'POST /api/trades': {
          status: 409,
          body: {
            error: {
              code: 'STRATEGY_RETIRED',
              message: 'This strategy is retired',
              field: 'planId',
            },
          },
        },
      },
    });
    investIn(await silverCard(), '1000');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and invest' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(dialog.textContent).toContain('This strategy is retired');
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Confirm and invest' })).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('button', { name: 'Close' })
        .some((button) => button.textContent === 'Close'),
    ).toBe(true);
    // The plans are asked for again, so the card shows the plan as it now is.
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/plans').length).toBeGreaterThan(1),
    );
  });

  it('back from the check, opens that plan’s confirmation again with the amount kept, saying nothing is invested yet', async () => {
    const calls = renderPlans({
      path: `/plans?plan=${silverPlan.id}&amount=1000.00`,
      extra: { 'POST /api/trades': { status: 201, body: { trade: openTrade() } } },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('invest-not-made').textContent).toBe(
      'You are back from the appropriateness check. Your investment of $1,000.00 has not been made yet: check the figures below and confirm to invest.',
    );
    expect(within(dialog).getByText('$1,000.00')).toBeTruthy();
    expect(within(dialog).getByText('Silver')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    // Under the dialog, the card's field holds the amount too.
    const field = document.getElementById(`invest-${silverPlan.id}-amount`) as HTMLInputElement;
    expect(field.value).toBe('1000.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and invest' }));
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { planId: silverPlan.id, amount: '1000.00', stopLossPct: 40 },
      ]),
    );
  });

  it('back from the check with an amount the plan no longer takes: the field says why, no confirmation', async () => {
    renderPlans({ path: `/plans?plan=${silverPlan.id}&amount=50` });
    const silver = await silverCard();
    expect(within(silver).getByLabelText<HTMLInputElement>('Amount').value).toBe('50.00');
    expect(await within(silver).findByText(/greater than or equal to \$1,000/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores an amount that is not one (the URL is typed by anyone)', async () => {
    renderPlans({ path: `/plans?plan=${silverPlan.id}&amount=-5e3` });
    const silver = await silverCard();
    expect(within(silver).getByLabelText<HTMLInputElement>('Amount').value).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells an inactive account it cannot invest yet', async () => {
    fakeApi({ 'GET /api/plans': { body: { plans: [silverPlan] } } });
    renderSignedIn(<PlansPage />, '/plans', '/plans', {
      ...testUser,
      isActive: false,
      activatedAt: null,
    });
    const silver = await silverCard();
    expect(screen.getByText('Account is not active.')).toBeTruthy();
    expect(
      within(silver).getByRole<HTMLButtonElement>('button', { name: 'Invest Now' }).disabled,
    ).toBe(true);
  });

  it('tells a deactivated account investing is paused, and still shows its money', async () => {
    fakeApi({
      'GET /api/plans': { body: { plans: [silverPlan] } },
      'GET /api/account/summary': { body: summaryWith(123_45) },
    });
    renderSignedIn(<PlansPage />, '/plans', '/plans', {
      ...testUser,
      isActive: false,
      activatedAt: '2026-01-05T10:00:00.000Z',
    });
    const silver = await silverCard();
    expect(screen.getByText('Your account is deactivated.')).toBeTruthy();
    expect(screen.queryByText(/within 24 hours/)).toBeNull();
    expect(await screen.findByTestId('available')).toBeTruthy();
    expect(screen.getByTestId('available').textContent).toBe('$123.45');
    expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
    expect(
      within(silver).getByRole<HTMLButtonElement>('button', { name: 'Invest Now' }).disabled,
    ).toBe(true);
  });

  it('a plan held offers Add funds to its trade instead of Invest Now; another plan stays open to invest', async () => {
    renderPlans({ trades: [openTrade()], plans: [silverPlan, basicPlan] });
    expect(await screen.findByText(/You have an open trade in Silver\./)).toBeTruthy();
    const silver = await silverCard();
    expect(within(silver).queryByRole('button', { name: 'Invest Now' })).toBeNull();
    expect(
      within(silver).getByRole<HTMLButtonElement>('button', { name: 'Add funds' }).disabled,
    ).toBe(false);
    expect(within(silver).getByText(/You hold a trade in this plan: \$/)).toBeTruthy();
    const basic = await screen.findByRole('article', { name: 'Basic' });
    expect(
      within(basic).getByRole<HTMLButtonElement>('button', { name: 'Invest Now' }).disabled,
    ).toBe(false);
  });

  it('a lead trader sees why their own strategy cannot be copied instead of Invest Now; other plans stay open', async () => {
    const calls = fakeApi({
      'GET /api/plans': { body: { plans: [silverPlan, basicOther] } },
      'GET /api/account/summary': { body: summaryWith(300_000) },
      'GET /api/trades/open': { body: { trades: [] } },
      'GET /api/trader/strategy': { body: { strategy: { id: 's1' } } },
    });
    renderSignedIn(<PlansPage />, '/plans', '/plans', { ...testUser, isTrader: true });
    const silver = await silverCard();
    const reason = 'You run this strategy: a lead trader cannot copy their own strategy.';
    expect(await within(silver).findByText(reason)).toBeTruthy();
    const invest = within(silver).getByRole<HTMLButtonElement>('button', { name: 'Invest Now' });
    expect(invest.disabled).toBe(true);
    expect(invest.getAttribute('aria-describedby')).toBe(within(silver).getByText(reason).id);
    const basic = await screen.findByRole('article', { name: 'Basic' });
    expect(
      within(basic).getByRole<HTMLButtonElement>('button', { name: 'Invest Now' }).disabled,
    ).toBe(false);
    expect(within(basic).queryByText(reason)).toBeNull();
    // Read once for the page, not polled like the trader's desk.
    expect(calls.filter((call) => call.path === '/api/trader/strategy')).toHaveLength(1);
  });

  it('an investor who is not a lead trader never asks for a trader strategy', async () => {
    const calls = renderPlans();
    await silverCard();
    expect(calls.some((call) => call.path === '/api/trader/strategy')).toBe(false);
  });

  it('shows a visitor the real figures and the risk warning, with a sign-up call instead of Invest', async () => {
    const calls = fakeApi({ 'GET /api/plans': { body: { plans: [silverPlan, pausedPlan] } } });
    useAuthStore.setState({ user: null });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionQueryKey, null);
    const router = createMemoryRouter([{ path: '/plans', element: <PlansPage /> }], {
      initialEntries: ['/plans'],
    });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const silver = await silverCard();
    expect(screen.getByRole('heading', { level: 1, name: 'Trading Plans' })).toBeTruthy();
    expect(screen.getAllByRole('note').some((n) => n.textContent?.includes(RISK_WARNING))).toBe(
      true,
    );
    expect(silver.textContent).toContain('$1,000.00 – $4,999.00');
    expect(silver.textContent).toContain('+16.19%');
    expect(within(silver).queryByRole('button', { name: 'Invest Now' })).toBeNull();
    expect(within(silver).queryByLabelText('Amount')).toBeNull();
    expect(
      within(silver).getByRole('link', { name: 'Sign up to invest' }).getAttribute('href'),
    ).toBe('/register');
    expect(within(silver).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login',
    );
    // No account notice, and nothing private is asked for.
    expect(screen.queryByText('Account is not active.')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/plans']);
  });
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
