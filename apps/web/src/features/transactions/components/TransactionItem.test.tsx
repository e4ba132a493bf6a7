import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { tx } from '../../../test/fixtures';
import { TransactionRows } from './TransactionItem';

// A test that switches the language leaves the next one in English.
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

function rows() {
  return screen.getAllByTestId('transaction');
}

describe('TransactionItem', () => {
  it('shows a credit with a plus sign in green, 2 decimals, MM/DD/YYYY and the id', () => {
    render(<TransactionRows transactions={[tx()]} />);
    const row = rows()[0]!;
    const amount = within(row).getByTestId('amount');
    expect(amount.textContent).toBe('Credit +$1,234.50');
    expect(amount.className).toContain('text-brand-strong');
    expect(within(row).getByText('03/05/2026')).toBeTruthy();
    expect(within(row).getByText('TNX-AB12CD')).toBeTruthy();
    expect(within(row).getByText('Deposit via Bitcoin (BTC)')).toBeTruthy();
  });

  it('shows a withdrawal with a minus sign in red, and its fee and payout', () => {
    render(
      <TransactionRows
        transactions={[
          tx({
            type: 'withdraw',
            kind: 'withdrawal',
            status: 'pending',
            amountCents: 5_000,
            feeCents: 500,
            netCents: 4_500,
            description: 'Withdrawal via Bank Transfer',
          }),
        ]}
      />,
    );
    const amount = within(rows()[0]!).getByTestId('amount');
    expect(amount.textContent).toBe('Debit -$50.00');
    expect(amount.className).toContain('text-danger');
    expect(screen.getByText('Fee $5.00 · Payout $45.00')).toBeTruthy();
  });

  it('colours statuses: success green, pending yellow, failed red with the reason', () => {
    render(
      <TransactionRows
        transactions={[
          tx({ id: 'a', status: 'success' }),
          tx({ id: 'b', status: 'pending' }),
          tx({ id: 'c', status: 'failed', failureReason: 'Payment not received' }),
        ]}
      />,
    );
    const [success, pending, failed] = rows();
    expect(within(success!).getAllByText('Success')[0]!.className).toContain('text-brand-strong');
    expect(within(pending!).getAllByText('Pending')[0]!.className).toContain('text-warning');
    expect(within(failed!).getAllByText('Failed')[0]!.className).toContain('text-danger');
    expect(within(failed!).getByText('Reason: Payment not received')).toBeTruthy();
    expect(within(success!).queryByText(/Reason:/)).toBeNull();
  });

  it('shows a rejected withdrawal unsigned and struck out: it moved no money', () => {
    render(
      <TransactionRows
        transactions={[
          tx({ id: 'r', type: 'withdraw', status: 'failed', amountCents: 15_000, feeCents: 500 }),
          tx({ id: 'p', type: 'withdraw', status: 'pending', amountCents: 15_000 }),
        ]}
      />,
    );
    const [rejected, pending] = rows();
    const rejectedAmount = within(rejected!).getByTestId('amount');
    expect(rejectedAmount.textContent).toBe('Not booked $150.00');
    expect(rejectedAmount.className).toContain('line-through');
    expect(within(rejected!).queryByText(/Fee/)).toBeNull();
    expect(within(pending!).getByTestId('amount').textContent).toBe('Debit -$150.00');
  });

  it('writes the date in Spanish as DD/MM/YYYY', async () => {
    await changeLanguage('es');
    render(<TransactionRows transactions={[tx()]} />);
    expect(within(rows()[0]!).getByText('05/03/2026')).toBeTruthy();
    expect(within(rows()[0]!).queryByText('03/05/2026')).toBeNull();
  });

  it('writes the description in the language on screen from its code; an older row keeps English', async () => {
    await changeLanguage('de');
    render(
      <TransactionRows
        transactions={[
          tx({ descriptionParts: { code: 'deposit', method: 'Bitcoin (BTC)' } }),
          tx({
            id: 'tx-close',
            transactionId: 'TNX-CL0SE1',
            description: 'Trade closed by stop-loss (Silver plan)',
            descriptionParts: { code: 'trade_close', reason: 'stop_loss', plan: 'Silver' },
          }),
          tx({ id: 'tx-old', transactionId: 'TNX-0LD001', descriptionParts: null }),
        ]}
      />,
    );
    const [deposit, close, old] = rows();
    expect(within(deposit!).getByText('Einzahlung über Bitcoin (BTC)')).toBeTruthy();
    // The date in German too: 05.03.2026, not the English 03/05/2026.
    expect(within(deposit!).getByText('05.03.2026')).toBeTruthy();
    expect(
      within(close!).getByText('Trade durch Stop-Loss geschlossen (Plan Silver)'),
    ).toBeTruthy();
    expect(within(old!).getByText('Deposit via Bitcoin (BTC)')).toBeTruthy();
  });

  it('a close says its amount and its profit or loss; a claim reads as profit claimed', async () => {
    const close = (profitCents: number) =>
      tx({
        id: `tx-close-${profitCents}`,
        transactionId: `TNX-C${profitCents < 0 ? 'L' : 'P'}0001`,
        descriptionParts: {
          code: 'trade_close',
          reason: 'close',
          plan: 'Silver',
          amountCents: 100_000,
          profitCents,
        },
      });
    const claim = tx({
      id: 'tx-claim',
      transactionId: 'TNX-CLA1M1',
      kind: 'profit_claim',
      amountCents: 250,
      descriptionParts: { code: 'profit_claim', plan: 'Silver' },
    });
    render(<TransactionRows transactions={[close(7_272), close(-1_000), claim]} />);
    const [gain, loss, claimed] = rows();
    expect(
      within(gain!).getByText('Trade closed (Silver plan): amount $1,000.00, profit $72.72'),
    ).toBeTruthy();
    expect(
      within(loss!).getByText('Trade closed (Silver plan): amount $1,000.00, loss $10.00'),
    ).toBeTruthy();
    expect(within(claimed!).getByText('Profit claimed (Silver plan)')).toBeTruthy();
    cleanup();
    await changeLanguage('es');
    render(<TransactionRows transactions={[close(-1_000), claim]} />);
    const [es, esClaim] = rows();
    expect(
      within(es!).getByText('Operación cerrada (plan Silver): importe $1,000.00, pérdida $10.00'),
    ).toBeTruthy();
    expect(within(esClaim!).getByText('Beneficio cobrado (plan Silver)')).toBeTruthy();
  });

  it('names the built-in bank method in the reader’s language, and an operator’s crypto method as named (issue 39)', async () => {
    const bank = tx({
      id: 'w',
      type: 'withdraw',
      kind: 'withdrawal',
      description: 'Withdrawal via Bank Transfer',
      descriptionParts: { code: 'withdrawal', method: 'Bank Transfer' },
    });
    const crypto = tx({
      id: 'd',
      description: 'Deposit via Bitcoin (BTC)',
      descriptionParts: { code: 'deposit', method: 'Bitcoin (BTC)' },
    });
    await changeLanguage('es');
    render(<TransactionRows transactions={[bank, crypto]} />);
    expect(screen.getByText('Retiro mediante Transferencia bancaria')).toBeTruthy();
    expect(screen.getByText('Depósito mediante Bitcoin (BTC)')).toBeTruthy();
    cleanup();
    await changeLanguage('de');
    render(<TransactionRows transactions={[bank]} />);
    expect(screen.getByText('Auszahlung über Banküberweisung')).toBeTruthy();
  });

  it("shows a payout's chain hash shortened, whole on hover, copyable, and its explorer page in a new tab", async () => {
    const hash = `0x${'ab'.repeat(16)}${'cd'.repeat(16)}`;
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <TransactionRows
        transactions={[
          tx({
            id: 'p',
            type: 'withdraw',
            kind: 'withdrawal',
            chainTx: { network: 'dev', hash, explorerUrl: `https://explorer.test/tx/${hash}` },
          }),
          tx({ id: 'b', chainTx: null }),
        ]}
      />,
    );
    const [payout, bank] = rows();
    const shown = within(payout!).getByText('0xabababab…cdcdcdcd');
    expect(shown.getAttribute('title')).toBe(hash);
    const link = within(payout!).getByRole('link', {
      name: 'View on explorer (opens in a new tab)',
    });
    expect(link.getAttribute('href')).toBe(`https://explorer.test/tx/${hash}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    fireEvent.click(within(payout!).getByRole('button', { name: 'Copy hash' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(hash));
    expect(within(bank!).queryByText('Transaction hash')).toBeNull();
  });

  it("a hash without an explorer page is shown without a link, in the reader's language", async () => {
    await changeLanguage('de');
    render(
      <TransactionRows
        transactions={[tx({ chainTx: { network: 'dev', hash: '0x12', explorerUrl: null } })]}
      />,
    );
    expect(screen.getByText('Transaktions-Hash')).toBeTruthy();
    expect(screen.getByText('0x12')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
