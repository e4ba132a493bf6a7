import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../i18n';
import { useAuthStore } from '../../lib/auth';
import { stubFetch } from '../../test/fetch';
import { renderAt } from '../../test/render';
import { LoginPage } from '../auth/pages/LoginPage';
import { RegisterPage } from '../auth/pages/RegisterPage';

vi.mock('sonner', () => ({
  toast: { loading: vi.fn(), success: vi.fn(), error: vi.fn(), dismiss: vi.fn() },
}));

const UNAUTHENTICATED = {
  status: 401,
  body: { error: { code: 'UNAUTHENTICATED', message: 'Please log in to continue' } },
};

beforeEach(() => {
  useAuthStore.getState().setUser(null);
  vi.mocked(toast.error).mockClear();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('validation messages on screen', () => {
  it('shows the register form’s empty-field messages in Spanish', async () => {
    const { fetchStub } = stubFetch({ 'GET /api/auth/session': UNAUTHENTICATED });
    vi.stubGlobal('fetch', fetchStub);
    await changeLanguage('es');
    renderAt('/register', <RegisterPage />);

    fireEvent.click(await screen.findByRole('button', { name: i18n.t('auth:register.submit') }));

    for (const message of [
      'El nombre completo es obligatorio',
      'El correo electrónico es obligatorio',
      'El número de teléfono es obligatorio',
      'El país es obligatorio',
      'La contraseña es obligatoria',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.queryByText('Full name is required')).toBeNull();
  });

  it('shows the server’s wrong-login message in German, in the toast', async () => {
    const { fetchStub } = stubFetch({
      'GET /api/auth/session': UNAUTHENTICATED,
      'GET /api/auth/csrf': { body: {} },
      'POST /api/auth/login': {
        status: 401,
        body: { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    await changeLanguage('de');
    renderAt('/login', <LoginPage />);

    fireEvent.change(await screen.findByLabelText(i18n.t('auth:fields.email')), {
      target: { value: 'jane@example.com' },
    });
    fireEvent.change(screen.getByLabelText(i18n.t('auth:fields.password')), {
      target: { value: 'wrong-password' },
    });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('auth:login.submit') }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'E-Mail-Adresse oder Passwort ist ungültig',
        expect.anything(),
      ),
    );
  });

  it('keeps the English messages word for word', async () => {
    const { fetchStub } = stubFetch({ 'GET /api/auth/session': UNAUTHENTICATED });
    vi.stubGlobal('fetch', fetchStub);
    renderAt('/register', <RegisterPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Full name is required')).toBeTruthy();
  });
});
