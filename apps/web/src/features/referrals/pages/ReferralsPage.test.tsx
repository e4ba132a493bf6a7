import type { ReferralList } from '@app/shared/schemas/profile';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { jane } from '../../../test/fixtures';
import { ReferralsPage } from './ReferralsPage';
import { cleanUpAfterEach } from '../../../test/lifecycle';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const link = 'http://localhost:3000/register?refId=janedoeab12c';
const ann = { id: 'u2', name: 'Ann Lee', isActive: true, createdAt: '2026-02-03T08:00:00.000Z' };
const bob = { id: 'u3', name: 'Bob Stone', isActive: false, createdAt: '2026-02-04T08:00:00.000Z' };
const list = (users: ReferralList['users']): ReferralList => ({
  referralId: 'janedoeab12c',
  referralLink: link,
  total: users.length,
  bonusCents: 10000,
  users,
});

function setup(users = [ann, bob], path = '/referrals', me = jane) {
  useAuthStore.getState().setUser(me);
  const stub = stubFetch({
    'GET /api/auth/session': { body: { user: me } },
    'GET /api/profile/referrals': { body: list(users) },
    'GET /api/profile/referrals?q=ann': { body: list([ann]) },
    'GET /api/profile/referrals?q=zed': { body: list([]) },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const rendered = renderAt(path, <ReferralsPage />, '/referrals');
  return { ...stub, ...rendered };
}

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
cleanUpAfterEach();

describe('ReferralsPage', () => {
  it('lists the referred users with the total; plain rows for an investor', async () => {
    setup();
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    expect(screen.getByText('Bob Stone')).toBeTruthy();
    expect(screen.getByText('Awaiting activation')).toBeTruthy();
    const total = screen.getByText('Total Referrals').parentElement!;
    expect(within(total).getByText('2')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Ann Lee/ })).toBeNull();
    expect(
      screen.getByText(/When their account is first activated, \$100\.00 is credited/),
    ).toBeTruthy();
  });

  it('links each referred user to /admin/users/{id} for an admin', async () => {
    setup([ann, bob], '/referrals', { ...jane, isAdmin: true });
    const row = await screen.findByRole('link', { name: /Ann Lee/ });
    expect(row.getAttribute('href')).toBe('/admin/users/u2');
  });

  it('searches on the server with ?q= and keeps the unfiltered total', async () => {
    const { calls, router } = setup();
    await screen.findByText('Bob Stone');
    fireEvent.change(screen.getByPlaceholderText('Search User'), { target: { value: 'ann' } });

    await waitFor(() => expect(screen.queryByText('Bob Stone')).toBeNull());
    expect(screen.getByText('Ann Lee')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/profile/referrals?q=ann')).toBe(true);
    expect(router.state.location.search).toBe('?q=ann');
    const total = screen.getByText('Total Referrals').parentElement!;
    expect(within(total).getByText('2')).toBeTruthy();
  });

  it('says when nothing matches, and when there are no referrals at all', async () => {
    setup([ann, bob], '/referrals?q=zed');
    expect(await screen.findByText('No referred user matches “zed”')).toBeTruthy();
    cleanup();
    setup([]);
    expect(await screen.findByText('No referrals yet')).toBeTruthy();
  });

  it('copies the referral link with the toast', async () => {
    setup();
    const copy = await screen.findByRole('button', { name: 'Copy link' });
    await waitFor(() => expect(copy).toHaveProperty('disabled', false));
    fireEvent.click(copy);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Referral link copied to clipboard'),
    );
    expect(writeText).toHaveBeenCalledWith(link);
  });
});
