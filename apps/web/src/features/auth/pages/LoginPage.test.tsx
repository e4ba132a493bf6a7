import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { LoginPage } from './LoginPage';
import { fillIn } from '../../../test/form';
import { cleanUpAfterEach } from '../../../test/lifecycle';

const unauthenticated = {
  status: 401,
  body: { error: { code: 'UNAUTHENTICATED', message: 'Please log in to continue' } },
};

beforeEach(() => useAuthStore.setState({ user: null, loggedOut: false }));
cleanUpAfterEach();

describe('LoginPage', () => {
  it('shows the seed messages for empty fields', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/auth/session': unauthenticated }).fetchStub);
    renderAt('/login', <LoginPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('asks for the two-factor code when the server requires it, then resubmits with otp', async () => {
    let attempts = 0;
    const { fetchStub, calls } = stubFetch({
      'GET /api/auth/session': unauthenticated,
      'GET /api/auth/csrf': { body: {} },
    });
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      if (input === '/api/auth/login') {
        attempts += 1;
        const body =
          attempts === 1
            ? { status: 'otp_required' }
            : { status: 'ok', user: { id: 'u1', name: 'Jane Doe', email: 'jane@example.com' } };
        calls.push({
          method: 'POST',
          path: input,
          body: JSON.parse(init?.body as string) as unknown,
        });
        return Promise.resolve(Response.json(body));
      }
      return fetchStub(input, init);
    });
    renderAt('/login', <LoginPage />);
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'jane@example.com' },
    });
    fillIn('Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    const code = await screen.findByLabelText('Two-factor code');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(calls.filter((c) => c.path === '/api/auth/login').map((c) => c.body)).toEqual([
      { email: 'jane@example.com', password: 'correct horse' },
      { email: 'jane@example.com', password: 'correct horse', otp: '123456' },
    ]);
  });

  it('sends an admin without two-factor sign-in to /profile to set it up', async () => {
    const { fetchStub } = stubFetch({
      'GET /api/auth/session': unauthenticated,
      'GET /api/auth/csrf': { body: {} },
      'POST /api/auth/login': {
        body: {
          status: 'ok',
          user: { id: 'a1', name: 'Admin', isAdmin: true, twoFactorEnabled: false },
        },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderAt('/login', <LoginPage />);
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'admin@example.com' },
    });
    fillIn('Password', 'printed-once');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
  });

  it('redirects to /dashboard when already signed in', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/auth/session': { body: { user: { id: 'u1', name: 'J' } } } }).fetchStub,
    );
    renderAt('/login', <LoginPage />);
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });
});
