import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { chainRailFixture, cryptoMethod } from '../../../test/fixtures';
import { PaymentMethodsPage } from './PaymentMethodsPage';
import { adminMe, signedInForEachTest } from '../test/setup';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const me = adminMe;
const tether = cryptoMethod({
  id: '6f1c3c2e-8a3b-4f43-9a55-0f0f0f0f0f02',
  name: 'Tether',
  network: 'TRC20',
  address: 'TReal',
  sortOrder: 1,
  withdrawalFeePct: '1.5',
  withdrawalFeeFixedCents: 250,
});
const bitcoin = cryptoMethod({ address: 'TReal', sortOrder: 1 });

signedInForEachTest();

describe('PaymentMethodsPage', () => {
  it("shows each method's withdrawal fee and edits it in the method's dialog, sending only what changed", async () => {
    const api = stubApi((call) => {
      if (call.path === '/api/auth/me') return { body: { user: me } };
      if (call.method === 'GET' && call.path === '/api/admin/payment-methods') {
        return { body: { methods: [bitcoin, tether] } };
      }
      if (call.method === 'PATCH')
        return { body: { method: { ...tether, withdrawalFeePct: '1' } } };
      if (call.path === '/api/admin/settings/four-eyes')
        return { body: { thresholdCents: 100_000 } };
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderAt('/admin/payment-methods', <PaymentMethodsPage />, '/admin/payment-methods');

    const fees = await screen.findAllByTestId('method-fee');
    expect(fees.map((cell) => cell.textContent)).toEqual(['No fee', '1.5% + $2.50']);
    // The one global fee card is gone: a fee is a method's.
    expect(screen.queryByText('Fee (%)')).toBeNull();

    const rows = screen.getAllByRole('row');
    const tetherRow = rows.find((row) => row.textContent?.includes('Tether'));
    if (!tetherRow) throw new Error('no Tether row');
    fireEvent.click(within(tetherRow).getByRole('button', { name: /edit/i }));
    const dialog = await screen.findByRole('dialog');
    const pct = within(dialog).getByLabelText<HTMLInputElement>('Percentage of the amount');
    const flat = within(dialog).getByLabelText<HTMLInputElement>('Flat fee per withdrawal');
    expect([pct.value, flat.value]).toEqual(['1.5', '2.50']);
    fireEvent.change(flat, { target: { value: '1000.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /save/i }));
    expect(
      await within(dialog).findByText('Enter a flat fee from $0.00 to $1,000.00'),
    ).toBeTruthy();
    fireEvent.change(flat, { target: { value: '2.50' } });
    fireEvent.change(pct, { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = api.calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe(`/api/admin/payment-methods/${tether.id}`);
    // Only what changed: a lower fee alone applies at once, without a second admin.
    expect(patch?.body).toEqual({ withdrawalFeePct: '1' });
  });

  it("links a crypto method to one of the server's crypto rails, and unlinks it (a change of where money goes)", async () => {
    const linked = { railNetwork: 'dev', railToken: 'USDC' };
    const onRail = cryptoMethod({ ...linked, id: tether.id, name: 'USDC (test)' });
    const rail = (token: string) => chainRailFixture({ token });
    const api = stubApi((call) => {
      if (call.path === '/api/auth/me') return { body: { user: me } };
      if (call.method === 'GET' && call.path === '/api/admin/payment-methods') {
        return { body: { methods: [bitcoin, onRail] } };
      }
      if (call.path === '/api/chain/rails')
        return { body: { rails: [rail('USDC'), rail('EURC')] } };
      if (call.method === 'PATCH') {
        return { status: 202, body: { approval: { id: 'a-1', status: 'pending' } } };
      }
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderAt('/admin/payment-methods', <PaymentMethodsPage />, '/admin/payment-methods');

    const editIn = async (name: string) => {
      const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes(name));
      if (!row) throw new Error(`no ${name} row`);
      fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
      return screen.findByRole('dialog');
    };
    let dialog = await editIn('Bitcoin');
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Crypto rail');
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'None (payouts are not checked on a chain)',
      'USDC on Development chain',
      'EURC on Development chain',
    ]);
    fireEvent.change(select, { target: { value: 'dev/EURC' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      railNetwork: 'dev',
      railToken: 'EURC',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await editIn('USDC (test)');
    const unlinking = within(dialog).getByLabelText<HTMLSelectElement>('Crypto rail');
    await waitFor(() => expect(unlinking.value).toBe('dev/USDC'));
    fireEvent.change(unlinking, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /save/i }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
        railNetwork: '',
        railToken: '',
      }),
    );
  });
});
