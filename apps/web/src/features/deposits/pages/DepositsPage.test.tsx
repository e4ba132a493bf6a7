import { IDEMPOTENCY_HEADER } from '@app/shared/http';
import type { PaymentMethod } from '@app/shared/schemas/payment-methods';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { fakeApi } from '../../../test/fetch';
import { cryptoMethod, testUser } from '../../../test/fixtures';
import { renderSignedIn } from '../../../test/render';
import { CONTINUE_DELAY_MS, DepositsPage } from './DepositsPage';
import { DepositPaymentPage } from './DepositPaymentPage';

vi.mock('sonner', () => ({
  toast: { success: vi.fn(), error: vi.fn(), loading: vi.fn(() => 'toast-1') },
}));

const bitcoin = cryptoMethod();

/** The first-start seed's placeholder bank account (flagged demo by the server). */
const demoBank: PaymentMethod = {
  ...bitcoin,
  id: '6f1c3c2e-8a3b-4f43-9a55-0f0f0f0f0f03',
  kind: 'bank',
  name: 'Bank Transfer',
  network: null,
  address: null,
  bankName: 'Demo Bank (replace me)',
  accountName: 'Nestrado Demo Ltd',
  accountNumber: 'DEMO-0000-0000',
  swiftCode: 'DEMOXXXX',
  referenceInstructions: 'Demo account: replace with the operator’s real bank details.',
  isDemo: true,
};

const DEMO_TITLE = 'Demo details — do not send real money';

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DepositsPage', () => {
  it('asks for a payment method and an amount', async () => {
    fakeApi({ 'GET /api/payment-methods': { body: { methods: [bitcoin] } } });
    renderSignedIn(<DepositsPage />, '/deposits', '/deposits');
    expect(await screen.findByText('BTC network')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Please select a payment method')).toBeTruthy();
    expect(screen.getByText('Please enter an amount')).toBeTruthy();
  });

  it('does not offer a method on a crypto rail: the chain credits it to the investor’s own address', async () => {
    const railUsdc = cryptoMethod({
      id: '6f1c3c2e-8a3b-4f43-9a55-0f0f0f0f0f09',
      name: 'USDC (test)',
      railNetwork: 'dev',
      railToken: 'USDC',
    });
    fakeApi({ 'GET /api/payment-methods': { body: { methods: [bitcoin, railUsdc] } } });
    renderSignedIn(<DepositsPage />, '/deposits', '/deposits');
    expect(await screen.findByRole('radio', { name: /Bitcoin/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /USDC/ })).toBeNull();
  });

  it('continues to the payment page 1 s after Continue to Payment', async () => {
    fakeApi({ 'GET /api/payment-methods': { body: { methods: [bitcoin] } } });
    const { router } = renderSignedIn(<DepositsPage />, '/deposits', '/deposits');
    fireEvent.click(await screen.findByRole('radio', { name: /Bitcoin/ }));
    fireEvent.change(screen.getByLabelText('Amount in USD'), { target: { value: '250' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      await Promise.resolve();
    });
    expect(
      screen.getByRole('button', { name: 'Continue to Payment' }).getAttribute('aria-busy'),
    ).toBe('true');
    act(() => {
      vi.advanceTimersByTime(CONTINUE_DELAY_MS - 1);
    });
    expect(router.state.location.pathname).toBe('/deposits');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/deposits/payment');
    expect(router.state.location.state).toEqual({ method: bitcoin, amount: '250.00' });
  });

  it('shows an inactive account a notice instead of the form', () => {
    fakeApi({});
    renderSignedIn(<DepositsPage />, '/deposits', '/deposits', {
      ...testUser,
      isActive: false,
      activatedAt: null,
    });
    expect(screen.getByRole('heading', { name: 'Account is not active' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).toBeNull();
  });
});

describe('DepositPaymentPage', () => {
  it('asks for the amount in the stablecoin on a Tether method: "Send exactly 250.00 USDT"', () => {
    fakeApi({});
    const tether = {
      ...bitcoin,
      id: 'usdt',
      name: 'Tether',
      network: 'TRC20',
      address: 'TXexample',
    };
    renderSignedIn(
      <DepositPaymentPage />,
      { pathname: '/deposits/payment', state: { method: tether, amount: '250' } },
      '/deposits/payment',
    );
    expect(screen.getByTestId('deposit-amount').textContent).toBe('250.00USDT');
    expect(screen.getByText(/Send exactly 250\.00 USDT to this address/)).toBeTruthy();
    expect(screen.getByText(/250\.00 USDT = \$250\.00/)).toBeTruthy();
  });

  it('goes back to /deposits when opened without the form data', async () => {
    fakeApi({});
    renderSignedIn(<DepositPaymentPage />, '/deposits/payment', '/deposits/payment');
    expect((await screen.findByTestId('location')).textContent).toBe('/deposits');
  });

  it('shows the QR code and amount, and confirms with one key reused on retry', async () => {
    let attempts = 0;
    const calls = fakeApi({
      'POST /api/deposits': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try again later' } } }
          : { status: 201, body: { transaction: { transactionId: 'TNX-DDDDDD' } } };
      },
    });
    const { router } = renderSignedIn(
      <DepositPaymentPage />,
      { pathname: '/deposits/payment', state: { method: bitcoin, amount: '250.00' } },
      '/deposits/payment',
    );
    // Bitcoin's price moves: the page asks for Bitcoin worth $250.00, never "exactly" $250.00.
    expect(screen.getByTestId('deposit-amount').textContent).toBe('$250.00USD in Bitcoin');
    expect(screen.getByText(/Send Bitcoin worth \$250\.00 to this address/)).toBeTruthy();
    expect(screen.queryByText(/exactly/)).toBeNull();
    expect(screen.getByTestId('deposit-address').textContent).toBe('bc1qexampleaddress');
    const qr = screen.getByTitle('QR code of the Bitcoin address').closest('svg')!;
    expect(qr.getAttribute('height')).toBe('256');

    fireEvent.change(screen.getByLabelText(/Transaction hash/), { target: { value: '0xabc' } });
    fireEvent.click(screen.getByRole('button', { name: 'I have made the payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your deposit' });
    expect(within(dialog).getByText('$250.00')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm deposit' }));
    expect(await within(dialog).findByText('Try again later')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('Try again later', { id: 'toast-1' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers[IDEMPOTENCY_HEADER]).toBeTruthy();
    expect(posts[1]!.headers[IDEMPOTENCY_HEADER]).toBe(posts[0]!.headers[IDEMPOTENCY_HEADER]);
    expect(posts[1]!.body).toEqual({ methodId: bitcoin.id, amount: '250.00', reference: '0xabc' });
    expect(toast.loading).toHaveBeenCalledWith('Depositing...');
    expect(toast.success).toHaveBeenCalledWith(
      'Deposit successful',
      expect.objectContaining({ id: 'toast-1' }),
    );
  });
});

describe('demo payment methods', () => {
  it('marks a demo method in the picker and warns once it is chosen; a real one has no warning', async () => {
    fakeApi({ 'GET /api/payment-methods': { body: { methods: [bitcoin, demoBank] } } });
    renderSignedIn(<DepositsPage />, '/deposits', '/deposits');
    const demoOption = await screen.findByRole('radio', { name: /Bank Transfer/ });
    expect(demoOption.closest('label')?.textContent).toContain('Demo');
    expect(
      screen.getByRole('radio', { name: /Bitcoin/ }).closest('label')?.textContent,
    ).not.toContain('Demo');
    fireEvent.click(screen.getByRole('radio', { name: /Bitcoin/ }));
    expect(screen.queryByText(DEMO_TITLE)).toBeNull();
    fireEvent.click(demoOption);
    expect(await screen.findByText(DEMO_TITLE)).toBeTruthy();
  });

  it("shows the payment page's demo warning, and the operator's note as theirs, not as a payment reference", () => {
    fakeApi({});
    renderSignedIn(
      <DepositPaymentPage />,
      { pathname: '/deposits/payment', state: { method: demoBank, amount: '100.00' } },
      '/deposits/payment',
    );
    expect(screen.getByText(DEMO_TITLE)).toBeTruthy();
    expect(screen.getByText('Note from Nestrado')).toBeTruthy();
    expect(screen.queryByText('Payment reference')).toBeNull();
    expect(screen.getByText(demoBank.referenceInstructions!)).toBeTruthy();
  });

  it("words the seed's demo note in the reader's language; an operator's own note as written", async () => {
    fakeApi({});
    await changeLanguage('es');
    try {
      renderSignedIn(
        <DepositPaymentPage />,
        { pathname: '/deposits/payment', state: { method: demoBank, amount: '100.00' } },
        '/deposits/payment',
      );
      expect(
        screen.getByText(
          'Cuenta de demostración: el operador debe sustituirla por sus datos bancarios reales.',
        ),
      ).toBeTruthy();
      expect(screen.queryByText(demoBank.referenceInstructions!)).toBeNull();
      cleanup();
      renderSignedIn(
        <DepositPaymentPage />,
        {
          pathname: '/deposits/payment',
          state: {
            method: { ...demoBank, referenceInstructions: 'Use reference NX-42.' },
            amount: '100.00',
          },
        },
        '/deposits/payment',
      );
      expect(screen.getByText('Use reference NX-42.')).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });

  it('keeps the payment reference advice for a real bank account without a note', () => {
    fakeApi({});
    renderSignedIn(
      <DepositPaymentPage />,
      {
        pathname: '/deposits/payment',
        state: {
          method: { ...demoBank, isDemo: false, referenceInstructions: null },
          amount: '100.00',
        },
      },
      '/deposits/payment',
    );
    expect(screen.queryByText(DEMO_TITLE)).toBeNull();
    expect(screen.getByText('Payment reference')).toBeTruthy();
    expect(screen.getByText(/Put your account e-mail in the transfer reference/)).toBeTruthy();
  });
});
