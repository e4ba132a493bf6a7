import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderAt, requestsSettled } from '../../../test/render';
import { ProviderButtons, ProviderSignInError } from './ProviderButtons';
import { cleanUpAfterEach } from '../../../test/lifecycle';

cleanUpAfterEach();

describe('Continue with … buttons', () => {
  it('shows none when no provider is configured', async () => {
    const { fetchStub, calls } = stubFetch({
      'GET /api/auth/oidc/providers': { body: { providers: [] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    const { container } = renderAt('/login', <ProviderButtons />);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    // Once the answer has rendered, nothing appears.
    await requestsSettled();
    expect(container.querySelector('a')).toBeNull();
    expect(screen.queryByText(/Continue with/)).toBeNull();
  });

  it('shows one link per provider, to its start address', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/auth/oidc/providers': {
          body: {
            providers: [
              { id: 'acme', displayName: 'Acme ID' },
              { id: 'corp-sso', displayName: 'Corp SSO' },
            ],
          },
        },
      }).fetchStub,
    );
    renderAt('/login', <ProviderButtons />);
    const acme = await screen.findByRole('link', { name: 'Continue with Acme ID' });
    expect(acme.getAttribute('href')).toBe('/api/auth/oidc/acme/start');
    expect(screen.getByRole('link', { name: 'Continue with Corp SSO' }).getAttribute('href')).toBe(
      '/api/auth/oidc/corp-sso/start',
    );
  });

  it('names why a provider sign-in came back refused', async () => {
    renderAt('/login?signInError=OIDC_EMAIL_NOT_VERIFIED', <ProviderSignInError />);
    expect(
      await screen.findByText(/has not verified the e-mail address of this account/),
    ).toBeTruthy();
  });
});
