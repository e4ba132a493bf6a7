import type { Me } from '@app/shared/schemas/auth';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { ProfilePage } from './ProfilePage';
import { userFixture } from '../../../test/fixtures';

const jane: Me = userFixture({ emailVerified: false, phone: '+1 555 0100' });

const sessions = [
  {
    id: 's-current',
    current: true,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    ip: '203.0.113.7',
    createdAt: '2026-03-01T09:00:00.000Z',
    lastSeenAt: '2026-03-04T09:00:00.000Z',
  },
  {
    id: 's-phone',
    current: false,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1',
    ip: null,
    createdAt: '2026-02-11T09:00:00.000Z',
    lastSeenAt: '2026-02-12T09:00:00.000Z',
  },
];

function setup(user: Me = jane) {
  const stub = stubFetch({
    'GET /api/auth/session': { body: { user } },
    'GET /api/auth/csrf': { body: {} },
    'GET /api/auth/sessions': { body: { sessions } },
    'DELETE /api/auth/sessions/s-phone': { body: { ok: true } },
    'POST /api/auth/2fa/setup': {
      body: {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/X:jane?secret=JBSWY3DPEHPK3PXP',
      },
    },
    'POST /api/auth/2fa/enable': { body: { recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] } },
    'POST /api/auth/2fa/disable': { body: { ok: true } },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderAt('/profile', <ProfilePage />);
  return stub;
}

beforeEach(() => useAuthStore.getState().setUser(jane));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProfilePage', () => {
  it('shows the details with the date as MM/DD/YYYY and the sessions, this device first', async () => {
    setup();
    expect(screen.getByText('01/02/2026')).toBeTruthy();
    expect(await screen.findByText('Chrome on Windows')).toBeTruthy();
    const items = screen.getAllByRole('listitem').filter((li) => li.textContent.includes(' on '));
    expect(items[0]?.textContent).toContain('This device');
    expect(items[1]?.textContent).toContain('Safari on iOS');
    expect(items[1]?.textContent).toContain('Last active 02/12/2026');
    expect(within(items[0]!).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('revokes another session', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/s-phone'))).toBe(true),
    );
  });

  it('enables two-factor: QR code and key, then the recovery codes once', async () => {
    const { calls } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Enable two-factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor authentication' });
    expect(
      within(dialog).getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeTruthy();
    expect(within(dialog).getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and enable' }));
    expect(await within(dialog).findByText('Enter the 6-digit code')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('6-digit code'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and enable' }));
    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(codes).getByText('aaaa-bbbb')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/2fa/enable')?.body).toEqual({ otp: '123456' });
  });

  it('disables two-factor only with the password and a code from the app or a recovery code', async () => {
    const withTwoFactor = { ...jane, twoFactorEnabled: true };
    useAuthStore.getState().setUser(withTwoFactor);
    const { calls } = setup(withTwoFactor);
    fireEvent.click(screen.getByRole('button', { name: 'Disable two-factor' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Disable two-factor authentication',
    });
    fireEvent.change(within(dialog).getByLabelText('Password'), {
      target: { value: 'my-password-1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByText('Enter the 6-digit code')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/auth/2fa/disable')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Code from your app or a recovery code'), {
      target: { value: '654321' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/auth/2fa/disable')?.body).toEqual({
        password: 'my-password-1',
        otp: '654321',
      }),
    );
  });
});
