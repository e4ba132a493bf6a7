import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { NewPasswordPage } from './NewPasswordPage';
import { fillIn } from '../../../test/form';
import { cleanUpAfterEach } from '../../../test/lifecycle';

cleanUpAfterEach();

describe('NewPasswordPage', () => {
  it('redirects to /forgot without userId and secret', async () => {
    renderAt('/new', <NewPasswordPage />);
    expect((await screen.findByTestId('location')).textContent).toBe('/forgot');
  });

  it('redirects to /forgot when only one of them is present', async () => {
    renderAt('/new?userId=u1', <NewPasswordPage />);
    expect((await screen.findByTestId('location')).textContent).toBe('/forgot');
  });

  it('sends userId, secret and the new password, then goes to /login', async () => {
    const { fetchStub, calls } = stubFetch({
      'GET /api/auth/csrf': { body: {} },
      'PUT /api/auth/recovery': { body: { ok: true } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderAt('/new?userId=u1&secret=s3cr3t', <NewPasswordPage />);
    fillIn('New Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();

    fillIn('New Password', 'a much longer one');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      userId: 'u1',
      secret: 's3cr3t',
      password: 'a much longer one',
    });
  });
});
