import { IDEMPOTENCY_HEADER } from '@app/shared/http';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderSignedIn } from '../../../test/render';
import { openTrade, summaryHolding } from '../../../test/fixtures';
import { OngoingTrade } from './OngoingTrade';

vi.mock('sonner', () => ({
  toast: { success: vi.fn(), error: vi.fn(), loading: vi.fn(() => 'toast-1'), dismiss: vi.fn() },
}));

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderTrade(trade: ReturnType<typeof openTrade> | null, extra = {}) {
  const calls = fakeApi({ 'GET /api/account/summary': { body: summaryHolding(trade) }, ...extra });
  renderSignedIn(<OngoingTrade />, '/dashboard', '/dashboard');
  return calls;
}

/** Claims the open trade's profit and confirms; the server refuses with `code` (409). */
async function confirmRefusedClaim(code: string) {
  renderTrade(openTrade(), {
    'POST /api/trades/t1/claim': {
      status: 409,
      body: { error: { code, message: 'You have no profit to claim' } },
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Claim Profit' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
}

const closed = {
  id: 't1',
  planTitle: 'Silver',
  amountCents: 100_000,
  closeReason: 'close',
  exitNav: '1.0731',
  valueCents: 102_000,
  feeCents: 200,
  payoutCents: 101_800,
  profitCents: 1_800,
  roiPct: '1.80',
  closedAt: '2026-11-21T10:00:00.000Z',
  transactionId: 'TNX-ABCDEF',
};

/** What POST .../claim answers: the $20.00 profit out less a $2.00 fee, the trade still open. */
const claimed = {
  change: {
    action: 'claim',
    nav: '1.02',
    amountCents: 2_000,
    units: '19.60784314',
    costCents: 0,
    feeCents: 200,
    payoutCents: 1_800,
    profitCents: 2_000,
    after: { amountCents: 100_000, units: '980.39215686', valueCents: 99_999 },
  },
  trade: openTrade({ valueCents: 99_999, profitCents: -1, roiPct: '0.00' }),
  transactionId: 'TNX-ABCDEF',
};

describe('Ongoing Trade', () => {
  it('says a retired strategy is retired: Add funds off with the reason, money still leaves', async () => {
    renderTrade(openTrade({ strategyStatus: 'retired' }));
    const card = await screen.findByTestId('ongoing-trade');
    expect(within(card).getByText('Strategy retired')).toBeTruthy();
    expect(within(card).getByTestId('strategy-status-note').textContent).toBe(
      'Trend Rider is retired: it takes no new money, and its positions may only be reduced from now on. Your copy keeps following it until you close it; you can remove funds, claim profit or close at any time.',
    );
    const add = within(card).getByRole<HTMLButtonElement>('button', { name: 'Add funds' });
    expect(add.disabled).toBe(true);
    expect(within(card).getByTestId('no-add-funds').textContent).toBe(
      'The strategy is retired: no money can be added.',
    );
    for (const name of ['Remove funds', 'Claim Profit', 'Close Trade']) {
      expect(within(card).getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(false);
    }
  });

  it('a running strategy shows no status note and Add funds on', async () => {
    renderTrade(openTrade({ strategyStatus: 'running' }));
    const card = await screen.findByTestId('ongoing-trade');
    expect(within(card).queryByTestId('strategy-status-note')).toBeNull();
    expect(
      within(card).getByRole<HTMLButtonElement>('button', { name: 'Add funds' }).disabled,
    ).toBe(false);
  });

  it('labels a copy of a demo strategy "Demo strategy", as its plan card and page do; a lead trader’s not', async () => {
    renderTrade(openTrade({ strategyRunBy: 'demo' }));
    const card = await screen.findByTestId('ongoing-trade');
    expect(card.textContent).toContain('Copying Trend Rider');
    expect(within(card).getByText('Demo strategy')).toBeTruthy();
    cleanup();
    renderTrade(openTrade({ strategyRunBy: 'trader', strategyName: 'Ada’s Momentum' }));
    const traders = await screen.findByTestId('ongoing-trade');
    expect(within(traders).queryByText('Demo strategy')).toBeNull();
  });

  it('lists several open trades, newest first, each with its own actions on its own id', async () => {
    const gold = openTrade({
      id: 't2',
      planId: '22222222-2222-4222-8222-222222222222',
      planTitle: 'Gold',
      strategyName: 'Mean Reverter',
      amountCents: 500_000,
      valueCents: 490_000,
      profitCents: -10_000,
      roiPct: '-2.00',
    });
    const calls = fakeApi({
      'GET /api/account/summary': { body: summaryHolding(gold, openTrade()) },
      'POST /api/trades/t2/close': { body: { trade: { ...closed, id: 't2', planTitle: 'Gold' } } },
    });
    renderSignedIn(<OngoingTrade />, '/dashboard', '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Ongoing Trades (2)' })).toBeTruthy();
    // Together: $6,000.00 in, $5,920.00 now; the balance ($500.00 cash + $5,920.00) split.
    const totals = screen.getByRole('region', { name: 'Your open trades together' });
    expect(within(totals).getByTestId('portfolio-invested').textContent).toBe('$6,000.00');
    expect(within(totals).getByTestId('portfolio-value').textContent).toBe('$5,920.00');
    expect(within(totals).getByTestId('portfolio-profit').textContent).toBe('-$80.00');
    expect(within(totals).getByText('Gold 76.3% of your balance')).toBeTruthy();
    expect(within(totals).getByText('Silver 15.9% of your balance')).toBeTruthy();
    expect(within(totals).getByText('Cash 7.8% of your balance')).toBeTruthy();
    const cards = screen.getAllByTestId('ongoing-trade');
    expect(cards.map((card) => within(card).getByTestId('trade-amount').textContent)).toEqual([
      '$5,000.00',
      '$1,000.00',
    ]);
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Close Trade' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close Trade' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/trades/t2/close',
    ]);
  });

  it('without a trade says so and links to the plans', async () => {
    renderTrade(null);
    expect(await screen.findByText('No ongoing trades yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe to a plan' }).getAttribute('href')).toBe(
      '/plans',
    );
    expect(screen.queryByRole('button', { name: 'Claim Profit' })).toBeNull();
  });

  it('shows the trade amount, plan, value, profit in green, ROI, closing date and stop-loss', async () => {
    renderTrade(openTrade());
    expect((await screen.findByTestId('trade-amount')).textContent).toBe('$1,000.00');
    expect(screen.getByTestId('trade-value').textContent).toBe('$1,020.00');
    const profit = screen.getByTestId('trade-profit');
    expect(profit.textContent).toBe('+$20.00');
    expect(profit.className).toContain('text-brand-strong');
    expect(screen.getByTestId('trade-roi').textContent).toBe('+2.00%');
    // The figures come from the simulated feed, and the card says so.
    expect(screen.getByText('Simulated market data')).toBeTruthy();
    expect(screen.getByText('11/27/2026')).toBeTruthy();
    expect(screen.getByText(/Copy stop-loss 40%.*falls to \$600\.00/)).toBeTruthy();
  });

  it('says the performance fee is charged on a claim, a removal or the close, on a line of its own', async () => {
    renderTrade(openTrade({ performanceFeePct: '20.00' }));
    const fee = await screen.findByTestId('fee-line');
    expect(fee.textContent).toBe(
      'Performance fee 20.00% of profit above the high-water mark, charged whenever profit leaves the trade: when you claim profit, remove funds or the trade closes.',
    );
    // Not run on after the stop-loss's "Change" link ("…falls to $600.00. Change Performance fee").
    const change = screen.getByRole('button', { name: 'Change the copy stop-loss' });
    expect(change.parentElement?.textContent).not.toContain('Performance fee');
    expect(fee.contains(change)).toBe(false);
  });

  it('has no fee line when the plan charges no performance fee', async () => {
    renderTrade(openTrade({ performanceFeePct: '0' }));
    await screen.findByTestId('ongoing-trade');
    expect(screen.queryByTestId('fee-line')).toBeNull();
  });

  it('offers no "Upgrade Plan": a plan holds one trade and nothing moves a copy between plans', async () => {
    renderTrade(openTrade());
    const card = await screen.findByTestId('ongoing-trade');
    expect(within(card).queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
    expect(within(card).queryByText('Upgrade Plan')).toBeNull();
  });

  it('shows a loss in red', async () => {
    renderTrade(openTrade({ valueCents: 95_000, profitCents: -5_000, roiPct: '-5.00' }));
    const profit = await screen.findByTestId('trade-profit');
    expect(profit.textContent).toBe('-$50.00');
    expect(profit.className).toContain('text-danger');
    expect(screen.getByTestId('trade-roi').textContent).toBe('-5.00%');
  });

  it('with profit ≤ 0, Claim Profit is off and says why, and sends nothing', async () => {
    const calls = renderTrade(openTrade({ valueCents: 100_000, profitCents: 0, roiPct: '0.00' }));
    const claim = await screen.findByRole('button', { name: 'Claim Profit' });
    // Not the green primary action, and not clickable, while there is nothing to claim.
    expect(claim.className).not.toContain('bg-brand');
    expect((claim as HTMLButtonElement).disabled).toBe(true);
    const why = screen.getByTestId('no-profit-to-claim');
    expect(why.textContent).toBe('No profit to claim yet');
    expect(claim.getAttribute('aria-describedby')).toBe(why.id);
    fireEvent.click(claim);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('Confirm Profit lists profit, amount and ROI, says the trade stays open, posts the claim once and toasts the profit credited', async () => {
    const calls = renderTrade(openTrade(), {
      'POST /api/trades/t1/claim': { body: claimed },
    });
    const claim = await screen.findByRole('button', { name: 'Claim Profit' });
    expect(claim.className).toContain('bg-brand');
    fireEvent.click(claim);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Profit' });
    expect(within(dialog).getByTestId('claim-profit').textContent).toBe('+$20.00');
    expect(dialog.textContent).toContain('$1,000.00');
    expect(dialog.textContent).toContain('+2.00%');
    expect(dialog.textContent).toContain('The trade stays open with its amount.');
    expect(within(dialog).getByTestId('claim-stays').textContent).toBe('$1,000.00');
    expect(screen.queryByTestId('no-profit-to-claim')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await vi.waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(toast.loading).toHaveBeenCalledWith('Claiming profit...');
    expect(toast.success).toHaveBeenCalledWith('Profit claimed successfully', {
      id: 'toast-1',
      description: '$18.00 was credited to your balance. Your trade stays open with $1,000.00.',
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/trades/t1/claim');
    expect(post?.headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opening an action’s dialog takes away the toasts of the step before, which covered its title at 390 px', async () => {
    renderTrade(openTrade());
    fireEvent.click(await screen.findByRole('button', { name: 'Add funds' }));
    expect(
      await screen.findByRole('dialog', { name: 'Add funds to your Silver trade' }),
    ).toBeTruthy();
    expect(toast.dismiss).toHaveBeenCalledTimes(1);
    expect(toast.dismiss).toHaveBeenCalledWith();
  });

  it('a failed claim says so with the server message', async () => {
    await confirmRefusedClaim('CONFLICT');
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to claim profit', {
        id: 'toast-1',
        description: 'You have no profit to claim',
      }),
    );
  });

  it('a claim refused because the profit is gone meanwhile shows the seed’s toast', async () => {
    await confirmRefusedClaim('NO_PROFIT_TO_CLAIM');
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('You have no profit to claim', { id: 'toast-1' }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Close Trade shows what returns to the balance (below the amount) and posts the close', async () => {
    const calls = renderTrade(
      openTrade({ valueCents: 93_000, profitCents: -7_000, roiPct: '-7.00' }),
      {
        'POST /api/trades/t1/close': {
          // Booked a moment later at a lower NAV: $1.30 less than the dialog's estimate.
          body: {
            trade: {
              ...closed,
              closeReason: 'close',
              exitNav: '0.9786',
              valueCents: 92_870,
              feeCents: 0,
              payoutCents: 92_870,
              profitCents: -7_130,
              roiPct: '-7.13',
            },
          },
        },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Close Trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Trade' });
    expect(within(dialog).getByTestId('close-returned').textContent).toBe('$930.00');
    expect(dialog.textContent).toContain('below the amount you invested');
    // Its figures are an estimate at the NAV shown, and it says the booked close may differ.
    expect(within(dialog).getByTestId('close-estimate-at').textContent).toBe(
      'Estimated at the strategy’s NAV now, 1.0731.',
    );
    expect(within(dialog).getByText('Returned to your balance (estimate)')).toBeTruthy();
    expect(within(dialog).getByText('Profit/loss (estimate)')).toBeTruthy();
    expect(dialog.textContent).toContain(
      'The close is booked at the NAV of the moment you confirm, so the amount credited, and the profit or loss in its transaction, may differ from this estimate by the market’s move until then.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close Trade' }));
    // The toast gives what was booked, which the transaction then shows.
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Trade closed', {
        id: 'toast-1',
        description:
          '$928.70 was credited to your balance: the close was booked at NAV 0.9786, -$71.30 on the Trade Amount.',
      }),
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/trades/t1/close');
    expect(post?.headers[IDEMPOTENCY_HEADER]).toBeTruthy();
  });
});

describe('Copy stop-loss', () => {
  it('sets a take-profit with PATCH /api/trades/:id, after refusing one out of range', async () => {
    const calls = fakeApi({
      'GET /api/account/summary': { body: summaryHolding(openTrade()) },
      'PATCH /api/trades/t1': { body: { trade: openTrade({ takeProfitPct: 25 }) } },
    });
    renderSignedIn(<OngoingTrade />, '/dashboard', '/dashboard');
    expect((await screen.findByTestId('take-profit')).textContent).toContain('No take-profit.');
    fireEvent.click(screen.getByRole('button', { name: 'Set a take-profit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take-profit' });
    const input = within(dialog).getByLabelText('Take-profit');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(dialog.textContent).toContain('Take-profit must be a whole percentage from 1 to 1000');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    fireEvent.change(input, { target: { value: '25' } });
    // $1,000.00 in: it fires once the value reaches $1,250.00.
    expect(dialog.textContent).toContain('reaches $1,250.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Take-profit set to 25%'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ takeProfitPct: 25 });
    expect((await screen.findByTestId('take-profit')).textContent).toContain(
      'Take-profit 25%: the trade closes by itself once its value reaches $1,250.00.',
    );
  });

  it('removes a take-profit (null)', async () => {
    const calls = fakeApi({
      'GET /api/account/summary': { body: summaryHolding(openTrade({ takeProfitPct: 25 })) },
      'PATCH /api/trades/t1': { body: { trade: openTrade() } },
    });
    renderSignedIn(<OngoingTrade />, '/dashboard', '/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Change the take-profit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take-profit' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove take-profit' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Take-profit removed'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ takeProfitPct: null });
  });

  it('changes the stop-loss with PATCH /api/trades/:id', async () => {
    const calls = fakeApi({
      'GET /api/account/summary': { body: summaryHolding(openTrade()) },
      'PATCH /api/trades/t1': { body: { trade: openTrade({ stopLossPct: 20 }) } },
    });
    renderSignedIn(<OngoingTrade />, '/dashboard', '/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Change the copy stop-loss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy stop-loss' });
    fireEvent.change(within(dialog).getByRole('slider', { name: 'Stop-loss' }), {
      target: { value: '20' },
    });
    expect(dialog.textContent).toContain('falls to $800.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Stop-loss set to 20%'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ stopLossPct: 20 });
    expect(await screen.findByText(/Copy stop-loss 20%/)).toBeTruthy();
  });
});
