import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { stubApi } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { jane } from '../test/fixtures';
import { FeeSettingCard } from './FeeSettingCard';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const me = { ...jane, isAdmin: true, twoFactorEnabled: true };
const maker = { id: me.id, name: me.name, email: me.email };

/** The withdrawal fee raised from 0% to 12%, waiting for a second admin. */
const waiting = {
  id: 'ap-fee',
  kind: 'setting_change',
  status: 'pending',
  amountCents: 0,
  bucket: null,
  reason: null,
  user: null,
  transactionId: null,
  change: { setting: 'withdrawal_fee_pct', from: '"0"', to: '"12"' },
  requestedBy: maker,
  requestedAt: '2026-03-04T09:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
};

beforeEach(() => {
  vi.clearAllMocks();
  useAuthStore.setState({ user: me, loggedOut: false });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FeeSettingCard', () => {
  it('says a raised fee waits for a second admin and keeps showing the fee in force', async () => {
    let asked = false;
    const api = stubApi((call) => {
      if (call.path === '/api/auth/me') return { body: { user: me } };
      if (call.method === 'GET' && call.path === '/api/settings/fees') {
        return { body: { withdrawalFeePct: '0', rounding: 'down_to_cent' } };
      }
      if (call.method === 'GET' && call.path === '/api/admin/approvals') {
        return { body: { items: asked ? [waiting] : [] } };
      }
      if (call.method === 'PUT' && call.path === '/api/admin/settings/fees') {
        asked = true;
        return { status: 202, body: { approval: waiting } };
      }
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderAt('/admin/payment-methods', <FeeSettingCard />);

    const field = await screen.findByLabelText('Fee (%)');
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        "Change sent for a second admin's approval; it applies once approved",
      ),
    );
    expect(toast.success).not.toHaveBeenCalledWith('Withdrawal fee updated successfully');
    expect(
      await screen.findByText('Waiting for a second admin: Withdrawal fee from 0% to 12%'),
    ).toBeTruthy();
    // The field and its hint show the fee still in force, not the one typed.
    expect(screen.getByLabelText<HTMLInputElement>('Fee (%)').value).toBe('0');
    expect(screen.getByText('Currently 0%')).toBeTruthy();
    // The maker cannot approve their own change.
    expect(screen.getByText('You requested this. Another admin must approve it.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('says a lowered fee is saved (applied at once)', async () => {
    const api = stubApi((call) => {
      if (call.path === '/api/auth/me') return { body: { user: me } };
      if (call.method === 'GET' && call.path === '/api/settings/fees') {
        return { body: { withdrawalFeePct: '10', rounding: 'down_to_cent' } };
      }
      if (call.method === 'GET' && call.path === '/api/admin/approvals') {
        return { body: { items: [] } };
      }
      if (call.method === 'PUT' && call.path === '/api/admin/settings/fees') {
        return { body: { withdrawalFeePct: '5', rounding: 'down_to_cent' } };
      }
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderAt('/admin/payment-methods', <FeeSettingCard />);

    fireEvent.change(await screen.findByLabelText('Fee (%)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Withdrawal fee updated successfully'),
    );
  });
});
