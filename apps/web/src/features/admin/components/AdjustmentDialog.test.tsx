import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { jane } from '../test/fixtures';
import { stubApi } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { AdjustmentDialog } from './AdjustmentDialog';
import { freshToastsForEachTest } from '../test/setup';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const adjustmentsPath = `/api/admin/users/${jane.id}/adjustments`;

function setup(
  status = 201,
  current?: { availableCents: number; totalProfitCents: number; totalBonusCents: number },
) {
  const stub = stubApi((call) =>
    call.method === 'POST' && call.path === adjustmentsPath
      ? status === 201
        ? { status, body: { transaction: { id: 't1' } } }
        : { status, body: { error: { code: 'BAD_REQUEST', message: 'Nope' } } }
      : undefined,
  );
  vi.stubGlobal('fetch', stub.fetchStub);
  const onOpenChange = vi.fn();
  renderAt(
    '/admin/users/x',
    <AdjustmentDialog
      user={jane}
      current={current}
      bucket="balance"
      open
      onOpenChange={onOpenChange}
    />,
    '/admin/users/:id',
  );
  return { ...stub, onOpenChange, dialog: screen.getByRole('dialog') };
}

function fill(dialog: HTMLElement, amount: string, reason: string) {
  fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: amount } });
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: reason } });
}

freshToastsForEachTest();

describe('AdjustmentDialog', () => {
  it('shows the available balance it adjusts, now and after (issue 39)', () => {
    const { dialog } = setup(201, {
      availableCents: 69_868,
      totalProfitCents: 0,
      totalBonusCents: 0,
    });
    expect(within(dialog).getByTestId('adjust-now').textContent).toBe('Available now: $698.68.');
    fill(dialog, '-25', 'Duplicate credit');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByTestId('adjust-after').textContent).toBe(
      'Available balance: $698.68 now, $673.68 after.',
    );
  });

  it("refuses an empty amount with 'Enter amount first!' and sends nothing", () => {
    const { dialog, calls } = setup();
    fill(dialog, '   ', 'Goodwill');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('Enter amount first!')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('Enter amount first!');
    expect(calls.filter((c) => c.path === adjustmentsPath)).toHaveLength(0);
  });

  it('requires a reason', () => {
    const { dialog, calls } = setup();
    fill(dialog, '25', '  ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('Please enter a reason')).toBeTruthy();
    expect(within(dialog).queryByText('Confirm the adjustment')).toBeNull();
    expect(calls.filter((c) => c.path === adjustmentsPath)).toHaveLength(0);
  });

  it('refuses a negative profit adjustment (only the balance may go down)', () => {
    const { dialog } = setup();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Profit' }));
    fill(dialog, '-5', 'Correction');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('Only balance adjustments can be negative')).toBeTruthy();
  });

  it('shows exactly what will be booked, then posts it once with an idempotency key', async () => {
    const { dialog, calls, onOpenChange } = setup();
    fill(dialog, '-12.5', 'Duplicate deposit credited twice');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText("-$12.50 to Jane Doe's balance")).toBeTruthy();
    expect(within(dialog).getByText('Reason: Duplicate deposit credited twice')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Book adjustment' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Balance updated successfully'));
    const posts = calls.filter((c) => c.path === adjustmentsPath);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      bucket: 'balance',
      amount: '-12.5',
      reason: 'Duplicate deposit credited twice',
    });
    expect(posts[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("toasts the bucket's failure text and keeps the same key when retried", async () => {
    const { dialog, calls } = setup(400);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bonus' }));
    fill(dialog, '10', 'Promotion');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book adjustment' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update bonus', { description: 'Nope' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book adjustment' }));
    await waitFor(() => expect(calls.filter((c) => c.path === adjustmentsPath)).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.path === adjustmentsPath);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(toast.success).not.toHaveBeenCalled();
  });
});
