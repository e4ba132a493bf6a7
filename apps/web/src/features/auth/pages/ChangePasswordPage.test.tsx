import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { fakeApi } from '../../../test/fetch';
import { userFixture } from '../../../test/fixtures';
import { renderSignedIn } from '../../../test/render';
import { ChangePasswordPage } from './ChangePasswordPage';
import { fillIn } from '../../../test/form';
import { cleanUpAfterEach } from '../../../test/lifecycle';

const firstAdmin = userFixture({
  email: 'admin@nestrado.local',
  isAdmin: true,
  passwordChangeRequired: true,
});

cleanUpAfterEach();

describe('ChangePasswordPage', () => {
  it('says why the one-time password must go, sets the new one, then goes on to the admin area', async () => {
    let changed = false;
    const calls = fakeApi({
      'GET /api/auth/csrf': { body: {} },
      // The server answers the session without the rule once the password is changed.
      'GET /api/auth/session': () => ({
        body: { user: { ...firstAdmin, passwordChangeRequired: !changed } },
      }),
      'POST /api/auth/password': () => {
        changed = true;
        return { body: { ok: true } };
      },
    });
    renderSignedIn(<ChangePasswordPage />, '/change-password', '/change-password', firstAdmin);
    expect(screen.getByRole('heading', { name: 'Choose your own password' })).toBeTruthy();
    expect(screen.getByTestId('password-change-why').textContent).toContain(
      'You signed in as admin@nestrado.local with the one-time password printed when the server first started.',
    );
    expect(screen.getByTestId('password-change-why').textContent).toContain(
      'Once it is set, you go on to the admin area.',
    );

    fillIn('One-time password', 'printed-once-abc');
    fillIn('New Password', 'my own password');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/admin');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      oldPassword: 'printed-once-abc',
      password: 'my own password',
    });
    expect(useAuthStore.getState().user?.passwordChangeRequired).toBe(false);
  });

  it('sends a user who has no password to change on to their area', async () => {
    const admin = { ...firstAdmin, passwordChangeRequired: false };
    renderSignedIn(<ChangePasswordPage />, '/change-password', '/change-password', admin);
    expect((await screen.findByTestId('location')).textContent).toBe('/admin');
  });
});
