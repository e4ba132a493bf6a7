import type { TraderStrategy } from '@app/shared/schemas/strategies';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { strategyTerms, testUser } from '../../../test/fixtures';
import { sessionQueryKey, useAuthStore } from '../../../lib/auth';
import { renderRoute, renderSignedIn, testQueryClient } from '../../../test/render';
import { traderKeys } from '../api';
import { freshMocksForEachTest } from '../test/setup';
import { TraderPage } from './TraderPage';
import { fillIn } from '../../../test/form';

vi.mock('sonner', () => ({
  toast: { success: vi.fn(), error: vi.fn(), loading: vi.fn(() => 'toast-1') },
}));

freshMocksForEachTest();

const desk: TraderStrategy = {
  strategy: {
    id: 's1',
    name: 'Majors Basket',
    description: 'Equal-weight BTC, ETH and BNB.',
    runBy: 'trader',
    leadTraderName: 'Tom Trader',
    nav: '1.0517816061',
    navAt: '2026-11-21T23:14:00.000Z',
    paused: false,
    positions: [],
    return30dPct: '5.19',
    avgDailyReturnPct: '0.17',
    maxDrawdownPct: '9.67',
    losingDays: 11,
    copiers: 3,
    aumCents: 10_517_816,
  },
  cash: '4205.114',
  equity: '105178.16',
  unitsOutstanding: '100000',
  positions: [
    {
      symbol: 'BTCUSDT',
      side: 'long',
      quantityPerUnit: '0.00001008415',
      quantity: '1.008415',
      entryPrice: '32744.90',
      price: '34585.33',
      weightPct: '33.16',
      valueCents: 3_487_686,
      unrealisedPnl: '1855.91',
    },
  ],
  fills: [
    {
      symbol: 'BTCUSDT',
      side: 'long',
      quantityDelta: '0.00001',
      perUnit: true,
      price: '32744.90',
      realisedPnl: '0',
      reason: 'order',
      at: '2026-11-21T10:00:00.000Z',
    },
  ],
};

const trader = { ...testUser, isTrader: true };

describe('/trader', () => {
  it('tells a user who is not a lead trader, kindly, without asking the server', async () => {
    const calls = fakeApi({});
    renderSignedIn(<TraderPage />, '/trader', '/trader');
    expect(await screen.findByText('You are not a lead trader')).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/api/trader'))).toHaveLength(0);
  });

  it("shows the strategy's NAV, equity, cash, positions with P&L and recent fills", async () => {
    fakeApi({ 'GET /api/trader/strategy': { body: desk } });
    renderSignedIn(<TraderPage />, '/trader', '/trader', trader);
    expect((await screen.findByTestId('trader-nav')).textContent).toBe('1.0518');
    expect(screen.getByText('$105,178.16')).toBeTruthy();
    expect(screen.getByText('$4,205.11')).toBeTruthy();
    const positions = screen.getByRole('table', { name: 'Positions' });
    expect(positions.textContent).toContain('33.16%');
    expect(positions.textContent).toContain('+$1,855.91');
    expect(positions.textContent).toContain('34,585.33');
    expect(positions.textContent).toContain('0.0000100842 BTC per unit');
    expect(positions.textContent).toContain('$34,876.86');
    expect(positions.textContent).toContain('1.008415 BTC held');
    expect(screen.getByTestId('trader-size').textContent).toContain('Current size: 100,000 units');
    expect(screen.getByRole('table', { name: 'Recent fills' }).textContent).toContain('Order');
    // A fill of the per-unit engine says it is one unit's.
    expect(screen.getByRole('table', { name: 'Recent fills' }).textContent).toContain(
      '0.00001 per unit',
    );
  });

  it('says a retired strategy is retired on the desk, with what the trader may still do', async () => {
    const retired: TraderStrategy = {
      ...desk,
      strategy: {
        ...desk.strategy,
        terms: strategyTerms({ retired: true }),
      },
    };
    fakeApi({ 'GET /api/trader/strategy': { body: retired } });
    renderSignedIn(<TraderPage />, '/trader', '/trader', trader);
    expect((await screen.findByTestId('desk-retired')).textContent).toBe(
      'Retired by the operator. It takes no new copies. 3 copies are still open and follow it until their owners close them: you may only reduce or close positions.',
    );
    expect(screen.getAllByText('Retired').length).toBeGreaterThan(0);
  });

  it('shows a strategy nobody copies yet per unit (weights of NAV) and at its size of 0 units', async () => {
    // What a new lead trader's desk read as "0 units · 0.00% · $0.00" beside a public 25.03 %.
    const fresh: TraderStrategy = {
      ...desk,
      strategy: { ...desk.strategy, nav: '1', copiers: 0, aumCents: 0 },
      cash: '0.00',
      equity: '0.00',
      unitsOutstanding: '0',
      positions: [
        {
          symbol: 'BTCUSDT',
          side: 'long',
          quantityPerUnit: '0.000002659574468085',
          quantity: '0',
          entryPrice: '94000',
          price: '94000',
          weightPct: '25.03',
          valueCents: 0,
          unrealisedPnl: '0.00',
        },
      ],
    };
    fakeApi({ 'GET /api/trader/strategy': { body: fresh } });
    renderSignedIn(<TraderPage />, '/trader', '/trader', trader);
    const positions = await screen.findByRole('table', { name: 'Positions' });
    expect(positions.textContent).toContain('0.0000026596 BTC per unit');
    expect(positions.textContent).toContain('25.03%');
    expect(positions.textContent).toContain('0 BTC held');
    expect(screen.getByTestId('trader-size').textContent).toContain(
      'Nobody copies this strategy yet',
    );
    // The order form's "held now" reads the same weight.
    expect(screen.getByText('Held now: Long, 25.03% of equity')).toBeTruthy();
  });

  it('reads the money copying again with every new mark of the desk, so both show one market', async () => {
    const calls = fakeApi({ 'GET /api/trader/strategy': { body: desk } });
    useAuthStore.setState({ user: trader });
    const queryClient = testQueryClient();
    queryClient.setQueryData(sessionQueryKey, trader);
    renderRoute(<TraderPage />, { entry: '/trader', routePath: '/trader', queryClient });
    await screen.findByTestId('trader-nav');
    const dashboardReads = () => calls.filter((call) => call.path === '/api/trader/dashboard');
    await waitFor(() => expect(dashboardReads()).toHaveLength(1));
    act(() => {
      queryClient.setQueryData<TraderStrategy>(traderKeys.strategy, {
        ...desk,
        strategy: { ...desk.strategy, navAt: '2026-11-21T23:14:05.000Z' },
      });
    });
    await waitFor(() => expect(dashboardReads()).toHaveLength(2));
  });

  it('checks the weight, confirms the market fill, and shows a server refusal on the field', async () => {
    const calls = deskRefusingOrders(desk, 400, {
      code: 'VALIDATION_FAILED',
      message: "Total gross weight would be 122.84%, above 100% of the strategy's equity",
      field: 'targetWeight',
    });
    renderSignedIn(<TraderPage />, '/trader', '/trader', trader);
    const weight = await screen.findByLabelText('Target weight');

    fireEvent.change(weight, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
    expect(
      await screen.findByText('Target weight must be a percentage from 0 to 100'),
    ).toBeTruthy();

    fireEvent.change(weight, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Short' }));
    expect(await reviewAndPlace()).toContain('fills at the current market price');

    await expectWeightRefused(
      weight,
      "Total gross weight would be 122.84%, above 100% of the strategy's equity",
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ symbol: 'BTCUSDT', side: 'short', targetWeight: '60' });
    expect(post?.body).not.toHaveProperty('price');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('closes a short with Long selected, and shows a refused no-change order on the field', async () => {
    const shortEth: TraderStrategy = {
      ...desk,
      positions: [
        {
          symbol: 'ETHUSDT',
          side: 'short',
          quantityPerUnit: '0.000125',
          quantity: '12.5',
          entryPrice: '2000',
          price: '1900',
          weightPct: '22.58',
          valueCents: 2_375_000,
          unrealisedPnl: '1250.00',
        },
      ],
    };
    const calls = deskRefusingOrders(shortEth, 409, {
      code: 'ORDER_CHANGES_NOTHING',
      message: 'refused',
      params: { symbol: 'ETHUSDT' },
      field: 'targetWeight',
    });
    renderSignedIn(<TraderPage />, '/trader', '/trader', trader);
    const weight = await screen.findByLabelText('Target weight');
    fillIn('Instrument', 'ETHUSDT');
    fireEvent.change(weight, { target: { value: '0' } });
    expect(await reviewAndPlace()).toContain(
      'Close the ETHUSDT position: Short, 22.58% of equity.',
    );

    await expectWeightRefused(
      weight,
      'Nothing to change: the ETHUSDT position is already what this order asks for',
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ symbol: 'ETHUSDT', side: 'long', targetWeight: '0' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('refuses at Review, before the dialog, closing an instrument the strategy does not hold', async () => {
    const calls = fakeApi({ 'GET /api/trader/strategy': { body: desk } });
    renderSignedIn(<TraderPage />, '/trader', '/trader', trader);
    const weight = await screen.findByLabelText('Target weight');
    fillIn('Instrument', 'ETHUSDT');
    expect(screen.getByText('Not held now')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Short' }));
    fireEvent.change(weight, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review order' }));

    await expectWeightRefused(
      weight,
      'Nothing to change: the ETHUSDT position is already what this order asks for',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('refuses at Review an order that grows a retired strategy, places a reduction and says what was filled', async () => {
    const retired: TraderStrategy = {
      ...desk,
      strategy: {
        ...desk.strategy,
        terms: strategyTerms({ instruments: ['BTCUSDT', 'ETHUSDT'], retired: true }),
      },
    };
    const after = {
      ...retired,
      positions: retired.positions.map((p) => ({ ...p, weightPct: '20.00' })),
      filled: [{ symbol: 'BTCUSDT', side: 'long', quantityDelta: '-0.0000039', price: '34585.33' }],
    };
    const calls = fakeApi({
      'GET /api/trader/strategy': { body: retired },
      'POST /api/trader/orders': { body: after },
    });
    renderSignedIn(<TraderPage />, '/trader', '/trader', trader);
    const weight = await screen.findByLabelText('Target weight');
    const grow = async (symbol: string, side: 'Long' | 'Short', value: string) => {
      fillIn('Instrument', symbol);
      fireEvent.click(screen.getByRole('radio', { name: side }));
      fireEvent.change(weight, { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
      expect(
        await screen.findByText(
          `This strategy is retired: an order may only reduce its ${symbol} position`,
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
    };
    // More of what it holds, something it does not hold, the other side: all growth.
    await grow('BTCUSDT', 'Long', '60');
    await grow('ETHUSDT', 'Long', '10');
    await grow('BTCUSDT', 'Short', '10');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: 'Long' }));
    fireEvent.change(weight, { target: { value: '20' } });
    await reviewAndPlace();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Order filled', {
        description: 'BTCUSDT Long: reduced by 0.0000039 per unit at 34,585.33',
      }),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { symbol: 'BTCUSDT', side: 'long', targetWeight: '20' },
    ]);
  });
});

/** The desk shows `strategy`; the server refuses every order with `status` and `error`. */
function deskRefusingOrders(strategy: TraderStrategy, status: number, error: object) {
  return fakeApi({
    'GET /api/trader/strategy': { body: strategy },
    'POST /api/trader/orders': { status, body: { error } },
  });
}

/** Reviews the order and places it from the confirmation; answers what the confirmation said. */
async function reviewAndPlace(): Promise<string | null> {
  fireEvent.click(screen.getByRole('button', { name: 'Review order' }));
  const dialog = await screen.findByRole('dialog', { name: 'Place this order?' });
  const said = dialog.textContent;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
  return said;
}

/** The order was refused on the weight field: `message` shows and the field is marked invalid. */
async function expectWeightRefused(weight: HTMLElement, message: string): Promise<void> {
  expect(await screen.findByText(message)).toBeTruthy();
  expect(weight.getAttribute('aria-invalid')).toBe('true');
}
