import { IDEMPOTENCY_HEADER } from '@app/shared/http';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { cryptoMethod, testUser } from '../../../test/fixtures';
import { renderSignedIn, requestsSettled } from '../../../test/render';
import { QUOTE_DEBOUNCE_MS } from '../components/WithdrawalQuoteLine';
import { WithdrawalsPage } from './WithdrawalsPage';

vi.mock('sonner', () => ({
  toast: { success: vi.fn(), error: vi.fn(), loading: vi.fn(() => 'toast-1') },
}));

const summary = {
  availableCents: 10_000,
  heldCents: 0,
  investedCents: 0,
  balanceCents: 10_000,
  totalDepositsCents: 10_000,
  totalWithdrawalsCents: 0,
  totalProfitCents: 0,
  totalBonusCents: 0,
  percentUp: '0.00',
  pendingWithdrawalsCount: 0,
  recentTransactions: [],
};
const quote100 = {
  body: { amountCents: 10_000, feeCents: 1_000, netCents: 9_000, feePct: '10', feeFixedCents: 0 },
};

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function api(extra = {}) {
  return fakeApi({
    'GET /api/account/summary': { body: summary },
    'GET /api/payment-methods': { body: { methods: [] } },
    'GET /api/withdrawals/quote?amount=100.00': quote100,
    ...extra,
  });
}

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const withdraw = () => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));

function fillBank(amount: string) {
  type('Account Number', '123456789');
  type('Bank Name', 'First National');
  type('Swift Code', 'FNBAUS33');
  type('Routing Number', '021000021');
  type('Amount in USD', amount);
}

/** Types `amount`, presses Withdraw and finds `message` under the field. */
async function expectAmountRefused(amount: string, message: string) {
  type('Amount in USD', amount);
  withdraw();
  expect(await screen.findByText(message)).toBeTruthy();
}

describe('WithdrawalsPage', () => {
  it('shows every bank-field message, with the account name prefilled from the user', async () => {
    const calls = api();
    renderSignedIn(<WithdrawalsPage />, '/withdrawals', '/withdrawals');
    expect((field('Account Name') as HTMLInputElement).value).toBe(testUser.name);
    type('Account Name', '');
    withdraw();
    for (const message of [
      'Account Number is required',
      'Account Name is required',
      'Bank Name is required',
      'Swift Code is required',
      'Routing Number is required',
      'Amount is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await expectAmountRefused('1000001', 'Amount must be less than 1,000,000');
    // 'Amount is required' only when it is empty; otherwise the real problem.
    await expectAmountRefused('0.5', 'Amount must be at least $1.00');
    await expectAmountRefused('abc', 'Amount must be a number');
    await expectAmountRefused('-50', 'Amount must be greater than $0.00');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("says 'Insufficient balance' above the available balance and keeps what was typed", async () => {
    api();
    renderSignedIn(<WithdrawalsPage />, '/withdrawals', '/withdrawals');
    expect(await screen.findByText('Available: $100.00')).toBeTruthy();
    fillBank('100.01');
    withdraw();
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect((field('Account Number') as HTMLInputElement).value).toBe('123456789');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('quotes no payout for an amount above the available balance, and asks the server for none (issue 39)', async () => {
    const calls = api({
      'GET /api/withdrawals/quote?amount=1000.00': {
        body: {
          amountCents: 100_000,
          feeCents: 0,
          netCents: 100_000,
          feePct: '0',
          feeFixedCents: 0,
        },
      },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSignedIn(<WithdrawalsPage />, '/withdrawals', '/withdrawals');
    expect(await screen.findByText('Available: $100.00')).toBeTruthy();
    fillBank('1000');
    withdraw();
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect((await screen.findByTestId('quote-line', {}, { timeout: 2000 })).textContent).toBe(
      'More than you can withdraw now: at most $100.00. Nothing would be paid out for this amount.',
    );
    // An absence: past the quote's debounce (on a clock the test moves), still no quote asked
    // for nor shown.
    await act(() => vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS + 200));
    vi.useRealTimers();
    await requestsSettled();
    expect(screen.queryByText(/You will receive/)).toBeNull();
    expect(calls.some((call) => call.path.includes('/api/withdrawals/quote'))).toBe(false);
  });

  it('shows the fee line from the server quote, then confirms with one idempotency key', async () => {
    const calls = api({
      'POST /api/withdrawals': {
        status: 201,
        body: { transaction: { transactionId: 'TNX-WWWWWW' } },
      },
    });
    const { router } = renderSignedIn(<WithdrawalsPage />, '/withdrawals', '/withdrawals');
    await screen.findByText('Available: $100.00');
    fillBank('100');
    expect(
      await screen.findByText('Fee $10.00 · You will receive $90.00', {}, { timeout: 2000 }),
    ).toBeTruthy();

    withdraw();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    expect(within(dialog).getByText('$100.00')).toBeTruthy();
    expect(within(dialog).getByText('-$10.00')).toBeTruthy();
    expect(within(dialog).getByTestId('confirm-net').textContent).toBe('$90.00');
    expect(within(dialog).getByText('FNBAUS33')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));

    await waitFor(() => expect(router.state.location.search).toContain('isSuccess=true'));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({
      method: 'bank',
      accountNumber: '123456789',
      accountName: 'Jane Doe',
      bankName: 'First National',
      swiftCode: 'FNBAUS33',
      routingNumber: '021000021',
      amount: '100.00',
    });
    expect(post.headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(toast.loading).toHaveBeenCalledWith('Withdrawing...');
    expect(toast.success).toHaveBeenCalledWith('Withdrawal request sent', { id: 'toast-1' });
    expect(new URLSearchParams(router.state.location.search).get('amount')).toBe('100.00');
    // The form is cleared after success.
    expect((field('Account Number') as HTMLInputElement).value).toBe('');
  });

  it('opens the success modal from the URL for a real withdrawal; closing sets isSuccess=false', async () => {
    api({
      'GET /api/transactions/TNX-AAAAAA': {
        body: {
          transaction: { transactionId: 'TNX-AAAAAA', kind: 'withdrawal', amountCents: 25_000 },
        },
      },
    });
    const { router } = renderSignedIn(
      <WithdrawalsPage />,
      '/withdrawals?tab=crypto&isSuccess=true&amount=250.00&tx=TNX-AAAAAA',
      '/withdrawals',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal' });
    expect(within(dialog).getByText('Transaction Successful')).toBeTruthy();
    expect(within(dialog).getByText('Your withdrawal of $250.00 is being processed.')).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'View Transactions' }).getAttribute('href'),
    ).toBe('/transactions');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('isSuccess')).toBe('false');
    expect(params.get('tab')).toBe('crypto');
  });

  it('shows no success for a crafted URL: no withdrawal id, or one that is not the user’s', async () => {
    api({
      'GET /api/transactions/TNX-ZZZZZZ': { status: 404, body: { error: { code: 'NOT_FOUND' } } },
    });
    renderSignedIn(
      <WithdrawalsPage />,
      '/withdrawals?isSuccess=true&amount=5000.00',
      '/withdrawals',
    );
    await screen.findByText('Available: $100.00');
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    renderSignedIn(
      <WithdrawalsPage />,
      '/withdrawals?isSuccess=true&amount=5000.00&tx=TNX-ZZZZZZ',
      '/withdrawals',
    );
    await screen.findByText('Available: $100.00');
    await requestsSettled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/\$5,000\.00/)).toBeNull();
  });

  it('shows the crypto messages on the Crypto Currency tab', async () => {
    api();
    renderSignedIn(<WithdrawalsPage />, '/withdrawals?tab=crypto', '/withdrawals');
    expect(screen.getByRole('tab', { name: 'Crypto Currency' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    withdraw();
    expect(await screen.findByText('Please select a payment method')).toBeTruthy();
    expect(screen.getByText('Please enter an amount')).toBeTruthy();
    expect(screen.getByText('Please enter a wallet address')).toBeTruthy();
  });

  it('marks a demo method in the crypto picker and warns when it is chosen', async () => {
    const method = cryptoMethod({
      address: 'bc1qdemo0000000000000000000000000000replaceme',
      isDemo: true,
      sortOrder: 1,
    });
    api({
      'GET /api/payment-methods': {
        body: { methods: [method, { ...method, id: 'real', name: 'Ether', isDemo: false }] },
      },
    });
    renderSignedIn(<WithdrawalsPage />, '/withdrawals?tab=crypto', '/withdrawals');
    const demo = await screen.findByRole('option', { name: 'Bitcoin (BTC) · demo' });
    expect(screen.getByRole('option', { name: 'Ether (BTC)' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Withdrawal method' }), {
      target: { value: 'real' },
    });
    expect(screen.queryByText('Demo details — do not send real money')).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Withdrawal method' }), {
      target: { value: demo.getAttribute('value') },
    });
    expect(await screen.findByText('Demo details — do not send real money')).toBeTruthy();
  });

  it('lets an account that is not (or no longer) active withdraw its money', async () => {
    api();
    renderSignedIn(<WithdrawalsPage />, '/withdrawals', '/withdrawals', {
      ...testUser,
      isActive: false,
    });
    expect(screen.queryByRole('heading', { name: 'Account is not active' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('available').textContent).toBe('$100.00'));
  });

  it("quotes the chosen crypto method's own fee, and confirms with amount, fee and what arrives", async () => {
    const method = cryptoMethod({
      id: '6f1c3c2e-8a3b-4f43-9a55-0f0f0f0f0f02',
      name: 'Tether',
      network: 'TRC20',
      address: 'Treal',
      sortOrder: 1,
      withdrawalFeePct: '1.5',
      withdrawalFeeFixedCents: 250,
    });
    api({
      'GET /api/payment-methods': { body: { methods: [method] } },
      [`GET /api/withdrawals/quote?amount=100.00&methodId=${method.id}`]: {
        body: {
          amountCents: 10_000,
          feeCents: 400,
          netCents: 9_600,
          feePct: '1.5',
          feeFixedCents: 250,
        },
      },
      [`GET /api/withdrawals/quote?amount=2.00&methodId=${method.id}`]: {
        body: { amountCents: 200, feeCents: 253, netCents: -53, feePct: '1.5', feeFixedCents: 250 },
      },
    });
    renderSignedIn(<WithdrawalsPage />, '/withdrawals?tab=crypto', '/withdrawals');
    await screen.findByRole('option', { name: 'Tether (TRC20)' });
    type('Amount in USD', '100');
    expect(
      await screen.findByText(
        'Choose a withdrawal method to see its fee and what you will receive.',
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Withdrawal method' }), {
      target: { value: method.id },
    });
    expect(
      await screen.findByText('Fee $4.00 · You will receive $96.00', {}, { timeout: 2000 }),
    ).toBeTruthy();
    expect(
      screen.getByText('Fee for this method: 1.5% + $2.50, deducted from the payout.', {
        exact: false,
      }),
    ).toBeTruthy();
    type('Wallet address', 'TMywallet');
    withdraw();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    expect(within(dialog).getByText('Processing fee (1.5% + $2.50)')).toBeTruthy();
    expect(within(dialog).getByText('-$4.00')).toBeTruthy();
    expect(within(dialog).getByTestId('confirm-net').textContent).toBe('$96.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    type('Amount in USD', '2');
    expect(
      await screen.findByText(
        "The amount must be more than this method's fee of $2.53.",
        {},
        { timeout: 2000 },
      ),
    ).toBeTruthy();
  });

  it("shows the server's refusal of a wallet address under the wallet field, in the reader's language (issue 41)", async () => {
    const method = cryptoMethod({ name: 'USDC (test)', network: 'Development chain' });
    api({
      'GET /api/payment-methods': { body: { methods: [method] } },
      [`GET /api/withdrawals/quote?amount=10.00&methodId=${method.id}`]: {
        body: { amountCents: 1_000, feeCents: 0, netCents: 1_000, feePct: '0', feeFixedCents: 0 },
      },
      'POST /api/withdrawals': {
        status: 400,
        body: {
          error: {
            code: 'WALLET_ADDRESS_OWN_DEPOSIT',
            message: 'This is a deposit address of this platform.',
            field: 'walletAddress',
          },
        },
      },
    });
    renderSignedIn(<WithdrawalsPage />, '/withdrawals?tab=crypto', '/withdrawals');
    await screen.findByRole('option', { name: 'USDC (test) (Development chain)' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Withdrawal method' }), {
      target: { value: method.id },
    });
    type('Amount in USD', '10');
    type('Wallet address', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    withdraw();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    // Confirmable once the quote says what arrives.
    await waitFor(() =>
      expect(within(dialog).getByTestId('confirm-net').textContent).toBe('$10.00'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    expect(
      await screen.findByText(
        'This is a deposit address of this platform. Enter your own wallet’s address.',
      ),
    ).toBeTruthy();
    expect(field('Wallet address').getAttribute('aria-invalid')).toBe('true');
  });
});
