import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { RegisterPage } from './RegisterPage';
import { fillIn } from '../../../test/form';
import { cleanUpAfterEach } from '../../../test/lifecycle';

beforeEach(() => {
  useAuthStore.getState().setUser(null);
  const { fetchStub } = stubFetch({
    'GET /api/auth/session': {
      status: 401,
      body: { error: { code: 'UNAUTHENTICATED', message: 'x' } },
    },
  });
  vi.stubGlobal('fetch', fetchStub);
});
cleanUpAfterEach();

describe('RegisterPage', () => {
  it('shows every empty-field message on submit', async () => {
    renderAt('/register', <RegisterPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    for (const message of [
      'Full name is required',
      'Email is required',
      'Phone number is required',
      'Country is required',
      'Password is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
  });

  it('prefills the referral ID from ?refId= and uses the password placeholder', async () => {
    renderAt('/register?refId=janedoe1a2b3', <RegisterPage />);
    const referral = await screen.findByLabelText<HTMLInputElement>(/Referral ID/);
    expect(referral.value).toBe('janedoe1a2b3');
    expect(screen.getByLabelText('Password').getAttribute('placeholder')).toBe(
      'Minimum 8 characters',
    );
  });

  it('keeps what was typed and puts a server field error on its field', async () => {
    const { fetchStub, calls } = stubFetch({
      'GET /api/auth/session': {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'x' } },
      },
      'GET /api/auth/csrf': { body: {} },
      'POST /api/auth/register': {
        status: 409,
        body: {
          error: {
            code: 'EMAIL_TAKEN',
            message: 'An account with this email already exists',
            field: 'email',
          },
        },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderAt('/register', <RegisterPage />);
    fireEvent.change(await screen.findByLabelText('Full name'), { target: { value: 'Jane Doe' } });
    fillIn('Email', 'Jane@Example.com');
    fillIn('Phone number', '+49 30 1234');
    fillIn('Password', 'correct horse');
    fireEvent.click(screen.getByLabelText('Country'));
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: 'Germ' } });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/auth/register')?.body;
    expect(sent).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '+49301234',
      country: 'Germany',
      password: 'correct horse',
    });
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Jane Doe'),
    );
  });
});
