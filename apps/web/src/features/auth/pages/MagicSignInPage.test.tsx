import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { fakeApi } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { userFixture } from '../../../test/fixtures';
import { MagicSignInPage } from './MagicSignInPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null });
});

const user = userFixture({ twoFactorEnabled: true });

describe('MagicSignInPage', () => {
  it('asks for the code when two-factor is on, and sends it with the link', async () => {
    const calls = fakeApi({
      'GET /api/auth/session': { body: { user: null } },
      'GET /api/auth/csrf': { body: {} },
      'PUT /api/auth/magic-link': (call) =>
        (call.body as { otp?: string }).otp
          ? { body: { status: 'ok', user } }
          : { body: { status: 'otp_required' } },
    });
    renderAt('/magic?userId=u1&secret=s3cr3t', <MagicSignInPage />);
    fireEvent.change(await screen.findByLabelText('Two-factor code'), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(useAuthStore.getState().user?.id).toBe(user.id));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { userId: 'u1', secret: 's3cr3t' },
      { userId: 'u1', secret: 's3cr3t', otp: '123456' },
    ]);
  });

  it('shows the refusal of a spent link with the way to a new one', async () => {
    fakeApi({
      'GET /api/auth/session': { body: { user: null } },
      'GET /api/auth/csrf': { body: {} },
      'PUT /api/auth/magic-link': {
        status: 400,
        body: {
          error: {
            code: 'TOKEN_INVALID',
            message: 'This link is invalid or has expired. Please request a new one.',
          },
        },
      },
    });
    renderAt('/magic?userId=u1&secret=spent', <MagicSignInPage />);
    expect(
      await screen.findByText('This link is invalid or has expired. Please request a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe(
      '/login/link',
    );
  });
});
