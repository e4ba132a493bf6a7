import { CSRF_COOKIE } from '@app/shared/http';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { stubFetch, type Reply } from '../../../test/fetch';
import { jane } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { ApiTokensCard } from './ApiTokens';
import { fillIn } from '../../../test/form';
import { cleanUpAfterEach } from '../../../test/lifecycle';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const made = {
  token: 'nst_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  apiToken: {
    id: '0190a000-0000-7000-8000-000000000001',
    name: 'Spreadsheet',
    hint: 'nst_abcd',
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-01-31T00:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    status: 'active',
  },
};

function setup(created: Reply) {
  const stub = stubFetch({
    'GET /api/api-tokens': { body: { tokens: [] } },
    'POST /api/api-tokens': created,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderAt('/profile', <ApiTokensCard />);
  return stub;
}

async function createWith(password: string) {
  fireEvent.change(await screen.findByLabelText('Token name'), {
    target: { value: 'Spreadsheet' },
  });
  fillIn('Expires after', '90');
  fillIn('Your password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
}

beforeEach(() => {
  document.cookie = `${CSRF_COOKIE}=test-token`;
  useAuthStore.getState().setUser(jane);
});
cleanUpAfterEach();

describe('ApiTokensCard', () => {
  it('asks for the password and sends it with the new token, then shows the token once', async () => {
    const { calls } = setup({ status: 201, body: made });
    await createWith('my-current-password');
    expect((await screen.findByTestId('new-api-token')).textContent).toContain(made.token);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Spreadsheet',
      expiresInDays: 90,
      password: 'my-current-password',
    });
  });

  it('shows at the password field why the server wants it', async () => {
    const { calls } = setup({
      status: 403,
      body: {
        error: {
          code: 'API_TOKEN_REAUTH_REQUIRED',
          message: 'Enter your password',
          params: { minutes: 5 },
          field: 'password',
        },
      },
    });
    await createWith('');
    expect(
      await screen.findByText(
        'Enter your password to create a token (or sign in again and create it within 5 minutes)',
      ),
    ).toBeTruthy();
    // Left empty, no password is sent (the server then checks how fresh the sign-in is).
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Spreadsheet',
      expiresInDays: 90,
    });
    expect(screen.queryByTestId('new-api-token')).toBeNull();
  });
});
