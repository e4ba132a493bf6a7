import { CSRF_COOKIE } from '@app/shared/http';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { jane } from '../../../test/fixtures';
import { UpdateInformationForm } from './UpdateInformationForm';
import { fillIn } from '../../../test/form';
import { cleanUpAfterEach } from '../../../test/lifecycle';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function setup() {
  const stub = stubFetch({
    'PATCH /api/profile': { body: { user: { ...jane, phone: '+49301234567' } } },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderAt('/profile', <UpdateInformationForm user={jane} />);
  return stub;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

beforeEach(() => {
  document.cookie = `${CSRF_COOKIE}=test-token`;
  useAuthStore.getState().setUser(jane);
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
cleanUpAfterEach();

describe('UpdateInformationForm', () => {
  it('says "No changes made" for unchanged values and sends nothing', async () => {
    const { calls } = setup();
    // The same number written with spaces (stored as E.164) is no change either.
    fillIn('Phone number', ' +1 202 555 0143 ');
    save();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('No changes made'));
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('sends phone and country, then shows the new values', async () => {
    const { calls } = setup();
    fillIn('Phone number', '+49 30 1234567');
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('User updated successfully'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      phone: '+49301234567',
      country: 'Germany',
    });
    expect(useAuthStore.getState().user?.phone).toBe('+49301234567');
  });

  it('requires a phone number', async () => {
    const { calls } = setup();
    fillIn('Phone number', '');
    save();
    expect(await screen.findByText('Phone number is required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });

  it('names what is wrong with a phone number (letters, no country code) and sends nothing', async () => {
    const { calls } = setup();
    fillIn('Phone number', '+49 30 CALLME');
    save();
    expect(await screen.findByText('Phone number must not contain letters')).toBeTruthy();
    fillIn('Phone number', '030 1234567');
    save();
    expect(
      await screen.findByText(
        'Phone number must start with + and the country code, e.g. +44 20 7946 0958',
      ),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });
});
