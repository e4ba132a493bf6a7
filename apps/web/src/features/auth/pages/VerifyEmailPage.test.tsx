import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { fakeApi } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { userFixture } from '../../../test/fixtures';
import { VerifyEmailPage } from './VerifyEmailPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null });
});

describe('VerifyEmailPage', () => {
  it('sends the link once, says it is verified and reads the session again', async () => {
    const user = userFixture();
    const calls = fakeApi({
      'GET /api/auth/session': { body: { user } },
      'GET /api/auth/csrf': { body: {} },
      'PUT /api/auth/verification': { body: { ok: true } },
    });
    renderAt('/verify?userId=u1&secret=s3cr3t', <VerifyEmailPage />);
    expect(await screen.findByText('Your e-mail address is verified.')).toBeTruthy();
    expect(
      (await screen.findByRole('link', { name: 'Go to dashboard' })).getAttribute('href'),
    ).toBe('/dashboard');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { userId: 'u1', secret: 's3cr3t' },
    ]);
    // Once before the link's request and once after it succeeded.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/session').length).toBe(2));
  });

  it('sends nothing for a link without its secret, and says it is incomplete', async () => {
    const calls = fakeApi({
      'GET /api/auth/session': { body: { user: null } },
      'GET /api/auth/csrf': { body: {} },
    });
    renderAt('/verify?userId=u1', <VerifyEmailPage />);
    expect(await screen.findByText('This verification link is incomplete.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
