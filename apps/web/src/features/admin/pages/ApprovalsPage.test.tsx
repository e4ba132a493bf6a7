import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch';
import { renderAt, requestsSettled } from '../../../test/render';
import { ApprovalsPage } from './ApprovalsPage';
import { TransactionsPage } from './TransactionsPage';
import { transaction } from '../test/fixtures';
import { adminMe, signedInForEachTest } from '../test/setup';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const me = adminMe;
const other = { id: '22222222-2222-4222-8222-222222222222', name: 'Max Maker', email: 'max@x.io' };
const owner = { id: '33333333-3333-4333-8333-333333333333', name: 'Olive Owner', email: 'o@x.io' };

function approval(overrides: Record<string, unknown>) {
  return {
    id: 'ap-1',
    kind: 'withdrawal_payout',
    status: 'pending',
    amountCents: 150_000,
    bucket: null,
    reason: null,
    user: owner,
    transactionId: 'TNX-WD0001',
    requestedBy: other,
    requestedAt: '2026-03-04T09:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    rejectionReason: null,
    change: null,
    ...overrides,
  };
}
const payout = approval({});
const mine = approval({
  id: 'ap-2',
  kind: 'adjustment',
  amountCents: 200_000,
  bucket: 'bonus',
  reason: 'Loyalty',
  transactionId: null,
  requestedBy: { id: me.id, name: me.name, email: me.email },
});

signedInForEachTest();

function stub(approvers?: { admins: number; otherApprovers: number; canAppointAlone: boolean }) {
  const api = stubApi((call) => {
    if (call.path === '/api/auth/me') return { body: { user: me } };
    if (approvers && call.path === '/api/admin/users/approvers') return { body: approvers };
    if (call.method === 'GET' && call.path === '/api/admin/approvals') {
      return { body: { items: call.query.get('status') === 'pending' ? [payout, mine] : [] } };
    }
    if (call.path === '/api/admin/settings/four-eyes') return { body: { thresholdCents: 100_000 } };
    if (call.method === 'POST' && call.path === '/api/admin/approvals/ap-1/approve') {
      return { body: { approval: { ...payout, status: 'approved' }, transaction: null } };
    }
    if (call.method === 'GET' && call.path === '/api/admin/transactions') {
      return {
        body: {
          items: [
            transaction({
              id: 'tx-2',
              transactionId: 'TNX-WD0001',
              kind: 'withdrawal',
              type: 'withdraw',
              amountCents: 150_000,
              feeCents: 15_000,
              netCents: 135_000,
              description: 'Withdrawal via Bank Transfer',
              crypto: null,
              paymentReference: null,
              user: owner,
            }),
          ],
          nextCursor: null,
        },
      };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', api.fetchStub);
  return api;
}

describe('ApprovalsPage', () => {
  it('says when nobody else can approve, and how to appoint a second admin, on the page and the waiting row (issue 39)', async () => {
    stub({ admins: 1, otherApprovers: 0, canAppointAlone: true });
    renderAt('/admin/approvals', <ApprovalsPage />, '/admin/approvals');
    const notice = await screen.findByTestId('no-other-approver');
    expect(
      within(notice).getByRole('heading', {
        name: 'This install has one admin: nobody else can approve',
      }),
    ).toBeTruthy();
    expect(notice.textContent).toContain(
      "as this install's first appointment it takes effect at once, without a second admin",
    );
    expect(notice.textContent).toContain('Raising the threshold needs a second admin as well');
    expect(
      within(notice).getByRole('link', { name: 'Go to Manage Users' }).getAttribute('href'),
    ).toBe('/admin/users');
    const waiting = await screen.findByTestId('you-requested');
    expect(waiting.textContent).toBe(
      'You requested this. Another admin must approve it. No other admin can approve it yet: make a second admin first. How',
    );
  });

  it('says nothing of the kind while another admin can approve', async () => {
    const { calls } = stub({ admins: 2, otherApprovers: 1, canAppointAlone: false });
    renderAt('/admin/approvals', <ApprovalsPage />, '/admin/approvals');
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/admin/users/approvers')).toBe(true),
    );
    // An absence: let the answer settle before looking.
    await requestsSettled();
    expect((await screen.findByTestId('you-requested')).textContent).toBe(
      'You requested this. Another admin must approve it.',
    );
    expect(screen.queryByTestId('no-other-approver')).toBeNull();
  });

  it('lets a second admin approve a payout, once per click, and tells the maker to wait', async () => {
    const { calls } = stub();
    renderAt('/admin/approvals', <ApprovalsPage />, '/admin/approvals');
    expect(
      await screen.findByText(
        'Adjustments, deposit approvals and withdrawal payouts above $1,000.00, settings changes that widen what one admin can do, and new admins need a second admin: the admin who asks cannot approve.',
        { exact: false },
      ),
    ).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    const payoutRow = rows.find((row) => row.textContent?.includes('TNX-WD0001'));
    const myRow = rows.find((row) => row.textContent?.includes('Bonus adjustment of $2,000.00'));
    if (!payoutRow || !myRow) throw new Error('rows missing');
    expect(
      within(payoutRow).getByText('Payout of $1,500.00 (TNX-WD0001) to Olive Owner'),
    ).toBeTruthy();
    expect(
      within(myRow).getByText('You requested this. Another admin must approve it.'),
    ).toBeTruthy();
    expect(within(myRow).queryByRole('button', { name: 'Approve' })).toBeNull();

    fireEvent.click(within(payoutRow).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('requested by Max Maker');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Approved and booked'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/api/admin/approvals/ap-1/approve']);
    expect(posts[0]?.headers['idempotency-key']).toMatch(/.{8,}/);
  });

  it('shows a waiting payout on its withdrawal row instead of Mark paid', async () => {
    stub();
    renderAt('/admin/transactions', <TransactionsPage />, '/admin/transactions');
    const row = (await screen.findAllByRole('row')).find((r) =>
      r.textContent?.includes('TNX-WD0001'),
    );
    if (!row) throw new Error('row missing');
    expect(await within(row).findByText('Awaiting second approval')).toBeTruthy();
    expect(within(row).getByText('Requested by Max Maker')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });
});

describe('ApprovalsPage, the kinds beyond money', () => {
  const ada = { id: '44444444-4444-4444-8444-444444444444', name: 'Ada', email: 'ada@x.io' };
  const bob = { id: '55555555-5555-4555-8555-555555555555', name: 'Bob', email: 'bob@x.io' };
  const deposit = approval({
    id: 'ap-d',
    kind: 'deposit_approval',
    user: ada,
    transactionId: 'TNX-DP0001',
  });
  const grant = approval({
    id: 'ap-g',
    kind: 'admin_grant',
    amountCents: 0,
    user: bob,
    transactionId: null,
  });
  const change = (id: string, setting: string, from: string, to: string) =>
    approval({
      id,
      kind: 'setting_change',
      amountCents: 0,
      user: null,
      transactionId: null,
      change: { setting, from, to },
    });
  const changes = [
    change('ap-s1', 'four_eyes_threshold_cents', '100000', '1000000'),
    change('ap-s2', 'withdrawal_fee_pct', '"0"', '"12"'),
    change('ap-s3', 'verification_required', 'true', 'false'),
    change('ap-s4', 'appropriateness_required', 'true', 'false'),
    change('ap-s5', 'verification_document_retention_days', '1826', '30'),
    change(
      'ap-s6',
      'trader_fee_bounds',
      '{"feeMinPct":"0","feeMaxPct":"30"}',
      '{"feeMinPct":"0","feeMaxPct":"60"}',
    ),
    change(
      'ap-s7',
      'payment_method',
      '{"network":"TRC20","address":"TPLACEHOLDER"}',
      '{"op":"update","id":"pm-1","input":{"address":"TRealWallet123"}}',
    ),
    change(
      'ap-s8',
      'payment_method',
      'null',
      '{"op":"create","input":{"kind":"crypto","name":"Ether","network":"ERC20","address":"0xabc"}}',
    ),
    change(
      'ap-s10',
      'payment_method',
      '{"network":"TRC20","address":"TReal","withdrawalFeePct":"10","withdrawalFeeFixed":0}',
      '{"op":"update","id":"pm-2","input":{"withdrawalFeePct":"10","withdrawalFeeFixed":125}}',
    ),
    change(
      'ap-s9',
      'sign_in_provider',
      'null',
      '{"id":"peer","displayName":"Peer ID","issuerUrl":"https://id.example.com","clientId":"nestrado","secretReplaced":true}',
    ),
  ];

  it('reads a deposit approval, every setting change and an admin grant in one line each', async () => {
    const api = stubApi((call) => {
      if (call.path === '/api/auth/me') return { body: { user: me } };
      if (call.method === 'GET' && call.path === '/api/admin/approvals') {
        return { body: { items: [deposit, ...changes, grant] } };
      }
      if (call.path === '/api/admin/settings/four-eyes') {
        return { body: { thresholdCents: 100_000 } };
      }
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderAt('/admin/approvals', <ApprovalsPage />, '/admin/approvals');

    const rows = await screen.findAllByRole('row');
    const rowOf = (text: string) => {
      const row = rows.find((candidate) => candidate.textContent?.includes(text));
      if (!row) throw new Error(`no row with ${text}`);
      return row;
    };
    const depositRow = rowOf('Deposit of $1,500.00 (TNX-DP0001) for Ada');
    expect(within(depositRow).getByRole('link', { name: 'ada@x.io' })).toBeTruthy();
    expect(within(depositRow).getByRole('button', { name: 'Approve' })).toBeTruthy();
    for (const line of [
      'Approval threshold from $1,000.00 to $10,000.00',
      'Withdrawal fee from 0% to 12%',
      'Identity verification required: on → off',
      'Appropriateness check: on → off',
      'Document retention from 1,826 to 30 days',
      "Lead traders' fee ceiling from 30% to 60%",
      'New payment details for a method: TRealWallet123 (were TRC20 · TPLACEHOLDER)',
      'New payment method “Ether”: ERC20 · 0xabc',
      'Withdrawal fee for a method: 10% + $1.25 (was 10%)',
      'New sign-in provider: Peer ID · https://id.example.com · nestrado',
    ]) {
      const row = rowOf(line);
      // Nobody's money: no user to link to, no amount.
      expect(within(row).queryByRole('link')).toBeNull();
      expect(row.textContent).not.toContain('$0.00');
      expect(within(row).getByRole('button', { name: 'Approve' })).toBeTruthy();
    }
    const grantRow = rowOf('Make Bob an admin');
    expect(within(grantRow).getByRole('link', { name: 'bob@x.io' })).toBeTruthy();

    // The checker's confirmation says the change applies, not that money is booked.
    fireEvent.click(
      within(rowOf('Withdrawal fee from 0% to 12%')).getByRole('button', { name: 'Approve' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Withdrawal fee from 0% to 12%, requested by Max Maker. It takes effect as soon as you approve.',
    );
  });
});
