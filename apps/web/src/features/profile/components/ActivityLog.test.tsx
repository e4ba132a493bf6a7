import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { ActivityLog } from './ActivityLog';
import { cleanUpAfterEach } from '../../../test/lifecycle';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const entry = (id: string, action: string, at: string, userAgent: string | null = null) => ({
  id,
  action,
  at,
  ip: userAgent ? '203.0.113.7' : null,
  userAgent,
});

cleanUpAfterEach();

describe('ActivityLog', () => {
  it('lists sign-ins with device, address and time, marks a failed one, and pages on', async () => {
    const { fetchStub, calls } = stubFetch({
      'GET /api/profile/activity?limit=20': {
        body: {
          entries: [
            entry('9', 'user.login', '2026-11-25T10:15:00.000Z', FIREFOX),
            entry('8', 'user.login_failed', '2026-11-25T10:14:00.000Z', FIREFOX),
          ],
          nextBefore: '8',
        },
      },
      'GET /api/profile/activity?limit=20&before=8': {
        body: {
          entries: [entry('3', 'user.registered', '2026-11-01T08:00:00.000Z')],
          nextBefore: null,
        },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderAt('/profile', <ActivityLog />);

    const list = await screen.findByRole('list', { name: 'Account activity' });
    const [signIn, failed] = within(list).getAllByRole('listitem');
    expect(signIn?.textContent).toContain('Signed in');
    expect(signIn?.textContent).toContain(
      '11/25/2026 10:15 UTC · Firefox on Linux · IP 203.0.113.7',
    );
    expect(failed?.textContent).toContain('Failed sign-in attempt');
    expect(failed?.className).toContain('border-warning');

    fireEvent.click(screen.getByRole('button', { name: 'Show older activity' }));
    expect(await within(list).findByText('Account created')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older activity' })).toBeNull();
    expect(calls.map((call) => call.path)).toEqual([
      '/api/profile/activity?limit=20',
      '/api/profile/activity?limit=20&before=8',
    ]);
  });

  it('says so when there is nothing yet', async () => {
    const { fetchStub } = stubFetch({
      'GET /api/profile/activity?limit=20': { body: { entries: [], nextBefore: null } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderAt('/profile', <ActivityLog />);
    expect(await screen.findByText('No activity yet.')).toBeTruthy();
  });
});
