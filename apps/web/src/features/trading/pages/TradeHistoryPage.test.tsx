import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderSignedIn } from '../../../test/render';
import { TradeHistoryPage } from './TradeHistoryPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const closed = (overrides: Record<string, unknown>) => ({
  id: 'h1',
  planTitle: 'Silver',
  strategyName: 'Trend Rider',
  openedAt: '2026-11-20T10:00:00.000Z',
  closedAt: '2026-11-21T10:00:00.000Z',
  closeReason: 'take_profit',
  amountCents: 100_000,
  openedCents: 100_000,
  addedCents: 0,
  payoutCents: 120_000,
  removedCents: 0,
  claimedCents: 0,
  closePayoutCents: 120_000,
  feeCents: 5_000,
  profitCents: 20_000,
  roiPct: '20.00',
  transactionId: 'TNX-AAAAAA',
  ...overrides,
});

/** The history page over one page of these closed trades (no more pages). */
function renderHistory(trades: ReturnType<typeof closed>[]) {
  fakeApi({ 'GET /api/trades/history': { body: { trades, nextCursor: null } } });
  renderSignedIn(<TradeHistoryPage />, '/trades/history', '/trades/history');
}

describe('/trades/history', () => {
  it('lists closed copies with why they closed, in and out, the fee and the result; pages on', async () => {
    const calls = fakeApi({
      'GET /api/trades/history': (call) =>
        call.path.includes('cursor=')
          ? { body: { trades: [closed({ id: 'h3', planTitle: 'Basic' })], nextCursor: null } }
          : {
              body: {
                trades: [
                  closed({}),
                  closed({
                    id: 'h2',
                    planTitle: 'Gold',
                    strategyName: 'Mean Reverter',
                    closeReason: 'stop_loss',
                    payoutCents: 60_000,
                    feeCents: 0,
                    profitCents: -40_000,
                    roiPct: '-40.00',
                  }),
                ],
                nextCursor: 'next-page',
              },
            },
    });
    renderSignedIn(<TradeHistoryPage />, '/trades/history', '/trades/history');
    const rows = await screen.findAllByTestId('history-trade');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Take-profit')).toBeTruthy();
    expect(first.getByText('$1,000.00')).toBeTruthy();
    expect(first.getByText('$1,200.00')).toBeTruthy();
    expect(first.getByText('$50.00')).toBeTruthy();
    expect(first.getByText('+$200.00')).toBeTruthy();
    expect(first.getByText('+20.00%')).toBeTruthy();
    const second = within(rows[1]!);
    expect(second.getByText('Stop-loss')).toBeTruthy();
    expect(second.getByText('-$400.00').className).toContain('text-danger');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Basic')).toBeTruthy();
    expect(screen.getAllByTestId('history-trade')).toHaveLength(3);
    expect(calls.map((call) => call.path)).toEqual([
      '/api/trades/history?limit=20',
      '/api/trades/history?limit=20&cursor=next-page',
    ]);
  });

  it('shows a copy’s whole life in the parts its transactions list, so the figures reconcile', async () => {
    // The walk's copy: $500 invested, $100 added, $50 taken out, closed for $548.68.
    renderHistory([
      closed({
        closeReason: 'close',
        amountCents: 60_000,
        openedCents: 50_000,
        addedCents: 10_000,
        payoutCents: 59_868,
        removedCents: 5_000,
        claimedCents: 0,
        closePayoutCents: 54_868,
        feeCents: 0,
        profitCents: -132,
        roiPct: '-0.22',
      }),
    ]);
    const row = await screen.findByTestId('history-trade');
    expect(within(row).getByTestId('history-in').textContent).toBe(
      'Paid in$600.00$500.00 invested + $100.00 added',
    );
    expect(within(row).getByTestId('history-out').textContent).toBe(
      'Taken out$598.68$50.00 taken out earlier + $548.68 at the close',
    );
    expect(within(row).getByTestId('history-result').textContent).toBe(
      'Profit/loss over its life-$1.32taken out less paid in',
    );
  });

  it('lists a profit claimed among what came back', async () => {
    renderHistory([closed({ claimedCents: 2_000, closePayoutCents: 118_000 })]);
    const row = await screen.findByTestId('history-trade');
    expect(within(row).getByTestId('history-out').textContent).toBe(
      'Taken out$1,200.00$20.00 profit claimed + $1,180.00 at the close',
    );
    expect(within(row).getByTestId('history-in').textContent).toBe(
      'Paid in$1,000.00$1,000.00 invested',
    );
  });

  it('labels a copy of a demo strategy "Demo strategy", as the open trade’s card does', async () => {
    renderHistory([
      closed({ id: 'h1', strategyName: 'Majors Basket', strategyRunBy: 'demo' }),
      closed({ id: 'h2', strategyName: 'Ada’s Momentum', strategyRunBy: 'trader' }),
    ]);
    await screen.findByText('Majors Basket');
    const [demo, traders] = screen.getAllByTestId('history-trade');
    expect(demo && within(demo).getByText('Demo strategy')).toBeTruthy();
    expect(traders && within(traders).queryByText('Demo strategy')).toBeNull();
  });

  it('says so when nothing has closed yet', async () => {
    renderHistory([]);
    expect(await screen.findByText('No closed trades yet')).toBeTruthy();
    // Claiming profit no longer closes a copy: the hint does not say a claim lands here.
    expect(
      screen.getByText(
        'Trades you close, or that close by themselves (stop-loss, take-profit, end of term), appear here. Claiming profit leaves a trade open.',
      ),
    ).toBeTruthy();
  });
});
