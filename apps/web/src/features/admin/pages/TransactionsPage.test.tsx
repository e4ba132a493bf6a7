import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, stubApi } from '../../../test/fetch';
import { renderAt, requestsSettled } from '../../../test/render';
import { TransactionsPage } from './TransactionsPage';
import { transaction } from '../test/fixtures';
import { chainRailFixture } from '../../../test/fixtures';
import { fillIn } from '../../../test/form';
import { cleanUpAfterEach } from '../../../test/lifecycle';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const deposit = transaction({});
const withdrawal = transaction({
  id: 'tx-2',
  transactionId: 'TNX-WD0001',
  kind: 'withdrawal',
  type: 'withdraw',
  amountCents: 10_000,
  feeCents: 1_000,
  netCents: 9_000,
  description: 'Withdrawal to bank',
  paymentReference: null,
  payoutDetails: { method: 'bank', bankName: 'First Bank', accountNumber: '12345678' },
});

/** A withdrawal by the development chain's "USDC (test)" method: paid with a transaction hash. */
const onRail = transaction({
  ...withdrawal,
  id: 'tx-3',
  transactionId: 'TNX-WD0002',
  description: 'Withdrawal via USDC (test)',
  payoutDetails: {
    method: 'crypto',
    currency: 'USDC (test)',
    network: 'Development chain',
    walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    railNetwork: 'dev',
    railToken: 'USDC',
  },
});

/** GET /api/chain/rails: the "dev" network's USDC, on the development chain or not. */
const railsReply = (development: boolean) => ({
  body: { rails: [chainRailFixture({ development })] },
});

function setup(
  decision: (call: RecordedCall) => { status?: number; body: unknown } | undefined,
  items: unknown[] = [deposit, withdrawal],
) {
  const stub = stubApi((call) => {
    if (call.method === 'GET' && call.path === '/api/admin/transactions') {
      return { body: { items, nextCursor: null } };
    }
    return decision(call);
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderAt('/admin/transactions', <TransactionsPage />, '/admin/transactions');
  return stub;
}

const ok = { body: { transaction: {} } };
const refused = { status: 409, body: { error: { code: 'CONFLICT', message: 'Not pending' } } };

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
cleanUpAfterEach();

async function openDecision(rowText: string, button: string) {
  const row = (await screen.findByText(rowText)).closest('tr');
  fireEvent.click(within(row!).getByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

describe('TransactionsPage', () => {
  it('approves a deposit after confirmation and shows the seed toast', async () => {
    const { calls } = setup((call) =>
      call.path === '/api/admin/deposits/tx-1/approve' ? ok : undefined,
    );
    const dialog = await openDecision('TNX-AB12CD', 'Approve');
    expect(within(dialog).getByText('Approve deposit TNX-AB12CD?')).toBeTruthy();
    expect(within(dialog).getByText('0xabc123')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/approve'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Deposit approved successfully'),
    );
    const approve = calls.find((c) => c.path === '/api/admin/deposits/tx-1/approve');
    expect(approve?.method).toBe('POST');
    expect(approve?.headers['idempotency-key']).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says a deposit approval above the threshold waits for a second admin, not that it is approved', async () => {
    setup((call) =>
      call.path === '/api/admin/deposits/tx-1/approve'
        ? {
            status: 202,
            body: {
              approval: {
                id: 'ap-d',
                kind: 'deposit_approval',
                status: 'pending',
                amountCents: 25_000,
                bucket: null,
                reason: null,
                user: deposit.user,
                transactionId: 'TNX-AB12CD',
                change: null,
                requestedBy: { id: 'me', name: 'Me', email: 'me@x.io' },
                requestedAt: '2026-03-04T09:00:00.000Z',
                decidedBy: null,
                decidedAt: null,
                rejectionReason: null,
              },
            },
          }
        : undefined,
    );
    const dialog = await openDecision('TNX-AB12CD', 'Approve');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Deposit sent for a second admin's approval"),
    );
    expect(toast.success).not.toHaveBeenCalledWith('Deposit approved successfully');
  });

  it('shows the failure toast when approval fails and keeps the dialog open', async () => {
    setup((call) => (call.path === '/api/admin/deposits/tx-1/approve' ? refused : undefined));
    const dialog = await openDecision('TNX-AB12CD', 'Approve');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to approve deposit', {
        description: 'Not pending',
      }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('will not reject a deposit without a reason, then sends the reason', async () => {
    const { calls } = setup((call) =>
      call.path === '/api/admin/deposits/tx-1/reject' ? ok : undefined,
    );
    const dialog = await openDecision('TNX-AB12CD', 'Reject');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please enter a reason')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: '  No payment received  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Deposit rejected successfully'),
    );
    expect(calls.find((c) => c.path === '/api/admin/deposits/tx-1/reject')?.body).toEqual({
      reason: 'No payment received',
    });
  });

  it('marks a withdrawal paid, showing the net payout and where to send it', async () => {
    const { calls } = setup((call) =>
      call.path === '/api/admin/withdrawals/tx-2/pay' ? ok : undefined,
    );
    const dialog = await openDecision('TNX-WD0001', 'Mark paid');
    expect(within(dialog).getByText(/Confirm that \$90\.00 was sent to Jane Doe/)).toBeTruthy();
    expect(within(dialog).getByText('12345678')).toBeTruthy();
    // The method in words, not its code ("Method: bank").
    expect(within(dialog).getByText('Bank transfer')).toBeTruthy();
    expect(within(dialog).queryByText('bank')).toBeNull();
    // A bank payout is not proven on a chain: no hash is asked.
    expect(within(dialog).queryByLabelText(/Transaction hash/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Withdrawal marked as paid'));
    expect(calls.some((c) => c.path === '/api/admin/withdrawals/tx-2/pay')).toBe(true);
  });

  it('asks for the transaction hash of a payout on a crypto rail, shows the server refusing it under the field, then pays', async () => {
    const short = `0x${'1'.repeat(64)}`;
    const right = `0x${'2'.repeat(64)}`;
    const { calls } = setup(
      (call) => {
        if (call.path !== '/api/admin/withdrawals/tx-3/pay') return undefined;
        return (call.body as { txHash?: string }).txHash === short
          ? {
              status: 400,
              body: {
                error: {
                  code: 'PAYOUT_TX_TOO_LITTLE',
                  message: 'This transaction sends less than the net amount of $90.00',
                  params: { netCents: 9_000 },
                  field: 'txHash',
                },
              },
            }
          : ok;
      },
      [onRail],
    );
    const dialog = await openDecision('TNX-WD0002', 'Mark paid');
    expect(within(dialog).getByText('Rail network')).toBeTruthy();
    const field = within(dialog).getByLabelText('Transaction hash');
    fireEvent.change(field, { target: { value: ` ${short} ` } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    // Rendered from the code and its parameters, in the reader's language.
    expect(
      await within(dialog).findByText(/^This transaction sends less than the net amount of \$90/),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.change(field, { target: { value: right } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Withdrawal marked as paid'));
    const bodies = calls
      .filter((c) => c.path === '/api/admin/withdrawals/tx-3/pay')
      .map((c) => c.body);
    expect(bodies).toEqual([{ txHash: short }, { txHash: right }]);
  });

  it('on the development chain, sends the payout from the development wallet, fills in its hash, and pays with it', async () => {
    const sent = `0x${'4'.repeat(64)}`;
    const { calls } = setup(
      (call) => {
        if (call.path === '/api/chain/rails') return railsReply(true);
        if (call.path === '/api/admin/chain/dev/payouts') return { body: { txHash: sent } };
        return call.path === '/api/admin/withdrawals/tx-3/pay' ? ok : undefined;
      },
      [onRail],
    );
    const dialog = await openDecision('TNX-WD0002', 'Mark paid');
    expect(
      await within(dialog).findByText(
        'Development chain: test money only. This sends $90.00 in test USDC from the development wallet to the wallet address above and fills in the hash below. Mark it paid once the transaction has its confirmations (a few seconds).',
      ),
    ).toBeTruthy();
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Send from the development wallet' }),
    );
    const field = within(dialog).getByLabelText<HTMLInputElement>('Transaction hash');
    await waitFor(() => expect(field.value).toBe(sent));
    expect(toast.success).toHaveBeenCalledWith('Test USDC sent from the development wallet');
    // Sent once: pressing again would send the payout twice.
    expect(
      within(dialog)
        .getByRole('button', { name: 'Send from the development wallet' })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(calls.filter((c) => c.path === '/api/admin/chain/dev/payouts')).toEqual([
      expect.objectContaining({ method: 'POST', body: { withdrawalId: 'tx-3' } }),
    ]);
    // Nothing is paid until the admin confirms, with that hash.
    expect(calls.some((c) => c.path === '/api/admin/withdrawals/tx-3/pay')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Withdrawal marked as paid'));
    expect(
      calls.filter((c) => c.path === '/api/admin/withdrawals/tx-3/pay').map((c) => c.body),
    ).toEqual([{ txHash: sent }]);
  });

  it('offers no development wallet on a real chain', async () => {
    const { calls } = setup(
      (call) => (call.path === '/api/chain/rails' ? railsReply(false) : undefined),
      [onRail],
    );
    const dialog = await openDecision('TNX-WD0002', 'Mark paid');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/chain/rails')).toBe(true));
    await requestsSettled();
    expect(within(dialog).getByLabelText('Transaction hash')).toBeTruthy();
    expect(
      within(dialog).queryByRole('button', { name: 'Send from the development wallet' }),
    ).toBeNull();
    expect(within(dialog).queryByText(/test money/)).toBeNull();
  });

  it("shows a chain deposit's hash once (not again as its reference) with its explorer link", async () => {
    const hash = `0x${'3'.repeat(64)}`;
    const credited = transaction({
      ...deposit,
      status: 'success',
      paymentReference: hash,
      chainTx: { network: 'dev', hash, explorerUrl: `https://explorer.test/tx/${hash}` },
    });
    setup(() => undefined, [credited]);
    const row = (await screen.findByText('TNX-AB12CD')).closest('tr');
    expect(within(row!).getByTitle(hash).textContent).toBe('0x33333333…33333333');
    expect(within(row!).queryByText(new RegExp(`Reference.*${hash}`))).toBeNull();
    expect(
      within(row!)
        .getByRole('link', { name: /View on explorer/ })
        .getAttribute('href'),
    ).toBe(`https://explorer.test/tx/${hash}`);
  });

  it('above the four-eyes threshold, says the payout goes to a second admin and nothing is paid yet', async () => {
    const large = { ...withdrawal, amountCents: 450_000, feeCents: 0, netCents: 450_000 };
    const fourEyes = (call: RecordedCall) =>
      call.path === '/api/admin/settings/four-eyes'
        ? { body: { thresholdCents: 100_000 } }
        : undefined;
    setup(fourEyes, [deposit, large]);
    const dialog = await openDecision('TNX-WD0001', 'Mark paid');
    await within(dialog).findByText('Ask a second admin to approve withdrawal TNX-WD0001?');
    expect(dialog.textContent).toContain(
      'Four-eyes rule (above $1,000.00): a second admin must approve this payout. Nothing is paid out yet',
    );
    expect(dialog.textContent).not.toContain('was sent');
    expect(within(dialog).getByRole('button', { name: 'Ask for approval' })).toBeTruthy();
  });

  it('below the threshold, says the payout may still need a second admin', async () => {
    setup((call) =>
      call.path === '/api/admin/settings/four-eyes'
        ? { body: { thresholdCents: 100_000 } }
        : undefined,
    );
    const dialog = await openDecision('TNX-WD0001', 'Mark paid');
    expect(
      await within(dialog).findByText(
        "It may need a second admin's approval: payouts you made alone to Jane Doe in the last 24 hours count together towards the four-eyes rule (above $1,000.00). If so, it stays pending until another admin approves it.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Mark paid' })).toBeTruthy();
  });

  it('sends the status and type filters to the server', async () => {
    const { calls } = setup(() => undefined);
    await screen.findByText('TNX-AB12CD');
    fillIn('Status', 'pending');
    fillIn('Type', 'withdrawal');
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/api/admin/transactions').at(-1);
      expect(last?.query.get('status')).toBe('pending');
      expect(last?.query.get('kind')).toBe('withdrawal');
    });
  });
});
