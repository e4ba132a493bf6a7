import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { jane } from '../test/fixtures';
import { type RecordedCall, stubApi } from '../../../test/fetch';
import { summaryWith } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { UserDetailPage } from './UserDetailPage';
import { freshToastsForEachTest } from '../test/setup';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const pending = { ...jane, isActive: false, activatedAt: null };
const userPath = `/api/admin/users/${jane.id}`;

function setup(
  action: (call: RecordedCall) => { status?: number; body: unknown } | undefined,
  user: typeof jane = pending,
) {
  const stub = stubApi((call) => {
    if (call.method === 'GET' && call.path === userPath) {
      return {
        body: {
          user,
          referrals: [
            {
              id: 'r1',
              name: 'Ref Erred',
              email: 'ref@example.com',
              isActive: false,
              createdAt: '2026-02-01T00:00:00.000Z',
            },
          ],
          sessions: [],
          summary: {
            ...summaryWith(59_868),
            heldCents: 10_000,
            openTradesValueCents: 150_282,
            balanceCents: 220_150,
            totalProfitCents: 282,
            totalBonusCents: 2_500,
          },
        },
      };
    }
    if (call.path === '/api/admin/transactions') return { body: { items: [], nextCursor: null } };
    if (call.path === '/api/admin/audit') {
      return {
        body: {
          entries: [
            {
              id: '7',
              actorId: 'a1',
              actorEmail: 'admin@example.com',
              action: 'user.contact_updated',
              targetType: 'user',
              targetId: jane.id,
              ip: '203.0.113.9',
              details: { phone: '+1 555 0100' },
              createdAt: '2026-03-01T12:30:00.000Z',
            },
          ],
          nextCursor: null,
        },
      };
    }
    return action(call);
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const view = renderAt(`/admin/users/${jane.id}`, <UserDetailPage />, '/admin/users/:id');
  return { ...stub, ...view };
}

freshToastsForEachTest();

describe('UserDetailPage', () => {
  it("shows the user's money as their dashboard does, and the figure an adjustment changes (issue 39)", async () => {
    setup(() => undefined, jane);
    const money = await screen.findByTestId('user-money');
    const figure = (label: string) =>
      within(money).getByText(label).nextElementSibling?.textContent;
    expect(figure('Account balance')).toBe('$2,201.50');
    expect(figure('Available')).toBe('$598.68');
    expect(figure('On hold for pending withdrawals')).toBe('$100.00');
    expect(figure("In open trades, at today's value")).toBe('$1,502.82');
    expect(figure('Total profit')).toBe('$2.82');
    expect(figure('Total bonus')).toBe('$25.00');
    fireEvent.click(screen.getByRole('button', { name: 'Adjust bonus' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('adjust-now').textContent).toBe(
      'Total bonus now: $25.00; available now: $598.68. A bonus adjustment is credited to the available balance.',
    );
  });

  it('shows status, referrals linking to their page, and the audit trail for this user', async () => {
    const { calls } = setup(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Jane Doe' })).toBeTruthy();
    expect(screen.getAllByText('Awaiting review').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Ref Erred/ }).getAttribute('href')).toBe(
      '/admin/users/r1',
    );
    expect(await screen.findByText('user.contact_updated')).toBeTruthy();
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/admin/audit')?.query.get('targetId')).toBe(jane.id);
    expect(calls.find((c) => c.path === '/api/admin/transactions')?.query.get('userId')).toBe(
      jane.id,
    );
  });

  it('activates only after confirmation, with the seed toast', async () => {
    const { calls } = setup((call) =>
      call.path === `${userPath}/activate` ? { body: { ok: true } } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Activate account' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.path.endsWith('/activate'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Account activated successfully'),
    );
    expect(calls.find((c) => c.path === `${userPath}/activate`)?.method).toBe('POST');
  });

  it('deactivating says the user keeps seeing their money and can still withdraw', async () => {
    setup(() => undefined, { ...jane, isActive: true, activatedAt: '2026-01-02T00:00:00.000Z' });
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate account' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'They will not be able to deposit or open new trades until the account is activated again. They still see their money, can close their trades and withdraw.',
    );
    expect(dialog.textContent).not.toMatch(/deposit, invest or withdraw/);
  });

  it("shows 'Failed to make user admin' when the server refuses", async () => {
    setup((call) =>
      call.path === `${userPath}/make-admin`
        ? {
            status: 403,
            body: {
              error: { code: 'FORBIDDEN', message: 'You do not have permission to do that' },
            },
          }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Make admin' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to make user admin', {
        description: 'You do not have permission to do that',
      }),
    );
  });

  it('deletes after confirmation and returns to the user list', async () => {
    const { calls, router } = setup((call) =>
      call.method === 'DELETE' && call.path === userPath ? { body: { ok: true } } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Account deleted successfully'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === userPath)).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
  });
});
