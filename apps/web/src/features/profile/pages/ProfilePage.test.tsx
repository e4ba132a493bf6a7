import type { Me } from '@app/shared/schemas/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { ProfilePage } from './ProfilePage';
import { userFixture } from '../../../test/fixtures';
import { cleanUpAfterEach } from '../../../test/lifecycle';

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

const openClosure = {
  blockers: ['money_left'],
  availableCents: 12_345,
  openTradesCount: 0,
  pendingWithdrawalsCount: 0,
  pendingDepositsCount: 0,
  ledgerRetentionYears: 10,
};

function setup(user: Me = jane, closure: unknown = openClosure, pendingEmail: unknown = null) {
  const stub = stubFetch({
    'GET /api/auth/email': { body: { pending: pendingEmail } },
    'GET /api/account/closure': { body: closure },
    'GET /api/account/export': { body: { format: 'personal-data-export/1' } },
    'POST /api/account/closure': { body: { ok: true } },
    'POST /api/auth/email': {
      status: 409,
      body: {
        error: {
          code: 'EMAIL_TAKEN',
          message: 'An account with this email already exists',
          field: 'newEmail',
        },
      },
    },
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
cleanUpAfterEach();

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

  it('asks for the new address and the password, and shows a refusal at the field it names', async () => {
    const { calls } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your e-mail address' });
    // No code field without two-factor.
    expect(within(dialog).queryByLabelText('Code from your app or a recovery code')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('New e-mail address'), {
      target: { value: 'not-an-address' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(dialog).findByText('Please enter a valid email')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/auth/email' && c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('New e-mail address'), {
      target: { value: 'Taken@Example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Current password'), {
      target: { value: 'my-password-1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await within(dialog).findByText('An account with this email already exists'),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/email' && c.method === 'POST')?.body).toEqual({
      newEmail: 'taken@example.com',
      password: 'my-password-1',
    });
  });

  it('explains closing, lists what stands in the way with the way out, and keeps the button off', async () => {
    setup();
    const card = (await screen.findByRole('heading', { name: 'Close account' })).closest('section');
    if (!card) throw new Error('no Close account section');
    const section = within(card);
    expect(await section.findByText('$123.45 is still available in your account.')).toBeTruthy();
    expect(section.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe(
      '/withdrawals',
    );
    expect(section.getByText(/kept for 10 years/)).toBeTruthy();
    expect(
      section.getByRole<HTMLButtonElement>('button', { name: 'Close my account' }).disabled,
    ).toBe(true);
  });

  it('shows a change of address that waits for its link', async () => {
    setup(jane, openClosure, {
      newEmail: 'new@example.com',
      expiresAt: '2026-03-05T09:00:00.000Z',
    });
    expect(
      await screen.findByText(
        'Waiting for you to confirm new@example.com (link sent). Until then you sign in with your current address.',
      ),
    ).toBeTruthy();
  });

  it('closes an empty account with the password', async () => {
    const { calls } = setup(jane, { ...openClosure, blockers: [], availableCents: 0 });
    const button = await screen.findByRole<HTMLButtonElement>('button', {
      name: 'Close my account',
    });
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    fireEvent.change(within(dialog).getByLabelText('Password'), {
      target: { value: 'my-password-1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close my account permanently' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.path === '/api/account/closure' && c.method === 'POST')?.body,
      ).toEqual({
        password: 'my-password-1',
      }),
    );
    // The session is forgotten, and the signed-in pages send the person to the page that says
    // the account is closed (ProtectedLayout), not to /login.
    await waitFor(() => expect(useAuthStore.getState().user).toBeNull());
    expect(useAuthStore.getState().signedOutTo).toMatchObject({ path: '/account-closed' });
  });

  it('downloads my data as a file', async () => {
    // jsdom has no object URLs: the saved file's URL is stood in for, then taken away again.
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    try {
      const { calls } = setup();
      fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
      expect(calls.filter((c) => c.path === '/api/account/export')).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });
});
