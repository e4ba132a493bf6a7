import type { Me } from '@app/shared/schemas/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { jane } from '../../../test/fixtures';
import { SupportPage } from './SupportPage';
import { cleanUpAfterEach } from '../../../test/lifecycle';

function setup(user: Me = jane) {
  useAuthStore.getState().setUser(user);
  vi.stubGlobal('fetch', stubFetch({ 'GET /api/auth/session': { body: { user } } }).fetchStub);
  renderAt('/support', <SupportPage />);
}

cleanUpAfterEach();

describe('SupportPage', () => {
  it("prefills the contact form with the user's name and e-mail and points to the FAQ and /risk", () => {
    setup();
    expect(screen.getByLabelText<HTMLInputElement>('Full Name').value).toBe('Jane Doe');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('jane@example.com');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Message').value).toBe('');
    expect(
      screen.getByRole('link', { name: /Frequently asked questions/ }).getAttribute('href'),
    ).toBe('/#faq');
    expect(screen.getByRole('link', { name: /Risk disclosure/ }).getAttribute('href')).toBe(
      '/risk',
    );
  });

  it('tells an inactive user about the activation review', () => {
    setup({ ...jane, isActive: false, activatedAt: null });
    expect(screen.getByText(/Our team reviews every new account and activates it/)).toBeTruthy();
    expect(screen.queryByText(/24 hours/)).toBeNull();
  });
});
