import { expect, test, type Locator } from '@playwright/test';
import {
  approvePendingAsChecker,
  newPersonContext,
  openTransactionAction,
  registerInvestor,
  setWithdrawalFee,
  signInAsAdmin,
  snap,
  uniqueName,
  rowWith,
} from './support';

/** [red, green, blue] of an element's text colour. */
async function rgbOf(locator: Locator): Promise<number[]> {
  const color = await locator.evaluate((element) => getComputedStyle(element).color);
  return (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}

test('activate, deposit by crypto, approve, withdraw with the fee shown, mark paid, and see both in the transactions', async ({
  page,
  browser,
  baseURL,
}) => {
  // The operator charges the seed's example fee (a fresh install charges none).
  await setWithdrawalFee(baseURL ?? '', '10');
  // The investor signs up (setup through the API; the form has its own journey).
  const investor = await registerInvestor(page.request, uniqueName('Morgan'));

  // The admin, in their own browser, activates the account from /admin/users.
  const adminContext = await newPersonContext(browser, baseURL);
  await signInAsAdmin(adminContext, baseURL ?? '');
  const admin = await adminContext.newPage();
  await admin.goto('/admin/users');
  await admin.getByLabel('Search users').fill(investor.email);
  await admin
    .getByRole('link', { name: new RegExp(investor.name) })
    .first()
    .click();
  await expect(admin).toHaveURL(new RegExp(`/admin/users/${investor.id}$`));
  await admin.getByRole('button', { name: 'Activate account' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Account activated successfully')).toBeVisible();

  // The investor deposits $5,000 with Bitcoin.
  await page.goto('/deposits');
  // The radio is visually hidden inside its card; a person taps the card.
  const bitcoin = page.getByRole('radio', { name: /Bitcoin/ });
  await page.locator('label').filter({ has: bitcoin }).click();
  await expect(bitcoin).toBeChecked();
  // A fresh install's methods are the seed's placeholders: the investor is told so.
  await expect(page.getByText('Demo details — do not send real money')).toBeVisible();
  await page.getByLabel('Amount in USD').fill('5000');
  await snap(page, 'deposits');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/deposits\/payment$/);
  await expect(page.getByTestId('deposit-amount')).toHaveText('$5,000.00USD in Bitcoin');
  await expect(page.getByText('Demo details — do not send real money')).toBeVisible();
  await snap(page, 'deposit-payment');
  await page.getByRole('button', { name: 'I have made the payment' }).click();
  const confirmDeposit = page.getByRole('dialog', { name: 'Confirm your deposit' });
  await expect(confirmDeposit).toContainText('$5,000.00');
  await confirmDeposit.getByRole('button', { name: 'Confirm deposit' }).click();
  await expect(page.getByText('Deposit successful')).toBeVisible();
  await expect(page).toHaveURL(/\/transactions$/);

  // The admin approves it in /admin/transactions: $5,000 is above the four-eyes threshold, so it
  // waits for a second admin and nothing is booked yet.
  const pendingDeposit = rowWith(admin, investor.name, 'Deposit', '$5,000.00');
  const ask = await openTransactionAction(pendingDeposit, 'Approve');
  await expect(ask).toContainText('Nothing is credited yet');
  await ask.getByRole('button', { name: 'Ask for approval' }).click();
  await expect(admin.getByText("Deposit sent for a second admin's approval")).toBeVisible();
  await expect(pendingDeposit).toContainText('Awaiting second approval');
  await expect(pendingDeposit).toContainText('You requested this. Another admin must approve it.');
  await expect(pendingDeposit.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await snap(admin, 'admin-transactions');
  await page.goto('/dashboard');
  await expect(page.getByTestId('balance')).toHaveText('$0.00');
  // The second admin approves it.
  await approvePendingAsChecker(
    baseURL ?? '',
    (a) => a.kind === 'deposit_approval' && a.user?.id === investor.id,
  );
  await admin.reload();
  await expect(pendingDeposit).toContainText('Success');

  // The investor's dashboard shows it.
  await page.goto('/dashboard');
  await expect(page.getByTestId('balance')).toHaveText('$5,000.00');
  await snap(page, 'dashboard');

  // The investor withdraws $100 in crypto and sees the fee before confirming.
  await page.goto('/withdrawals');
  await page.getByRole('tab', { name: 'Crypto Currency' }).click();
  const cryptoTab = page.getByRole('tabpanel', { name: 'Crypto Currency' });
  // The seeded method is still a demo: the picker says so, and so does the notice under it.
  await cryptoTab.getByLabel('Withdrawal method').selectOption({ label: 'Bitcoin (BTC) · demo' });
  await expect(cryptoTab.getByText('Demo details — do not send real money')).toBeVisible();
  await cryptoTab.getByLabel('Amount in USD').fill('100');
  await expect(page.getByTestId('quote-line')).toHaveText('Fee $10.00 · You will receive $90.00');
  await cryptoTab.getByLabel('Wallet address').fill('bc1qe2ewithdrawal0000000000000000000000');
  await snap(page, 'withdrawals-crypto');
  await cryptoTab.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const confirmWithdrawal = page.getByRole('dialog', { name: 'Confirm withdrawal' });
  await expect(confirmWithdrawal.getByTestId('confirm-net')).toHaveText('$90.00');
  await expect(confirmWithdrawal).toContainText('-$10.00');
  await expect(confirmWithdrawal).toContainText('Processing fee (10%)');
  await snap(page, 'withdrawals-confirm');
  await confirmWithdrawal.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText('Withdrawal request sent')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Withdrawal' })).toContainText(
    'Your withdrawal of $100.00 is being processed.',
  );

  // The admin marks it paid.
  const pendingWithdrawal = rowWith(admin, investor.name, 'Withdrawal', '$100.00');
  const payDialog = await openTransactionAction(pendingWithdrawal, 'Mark paid');
  await expect(payDialog).toContainText('$90.00');
  await payDialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(admin.getByText('Withdrawal marked as paid')).toBeVisible();

  // The operator's fee schedule is per method, on the payment methods page and in each dialog.
  await admin.goto('/admin/payment-methods');
  // The seeded Bitcoin method this investor withdrew with (other specs add methods of their own).
  const bitcoinRow = admin.locator('tbody tr').filter({ hasText: 'Bitcoin' }).first();
  await expect(bitcoinRow.getByTestId('method-fee')).toHaveText('10%');
  await snap(admin, 'admin-payment-methods');
  await bitcoinRow.getByRole('button', { name: 'Edit' }).click();
  const methodDialog = admin.getByRole('dialog');
  await expect(methodDialog.getByLabel('Percentage of the amount')).toHaveValue('10');
  await expect(methodDialog.getByLabel('Flat fee per withdrawal')).toHaveValue('0.00');
  await snap(admin, 'admin-payment-method-dialog');
  await methodDialog.getByRole('button', { name: 'Cancel' }).click();

  // The investor's transactions: the deposit credited in green with +, the withdrawal in red with −.
  await page.goto('/transactions');
  const rows = page.getByTestId('transaction');
  await expect(rows).toHaveCount(2);
  const withdrawal = page.locator('[data-testid="transaction"][data-type="withdraw"]');
  const deposit = page.locator('[data-testid="transaction"][data-type="credit"]');
  await expect(deposit.getByTestId('amount')).toHaveText('Credit +$5,000.00');
  await expect(withdrawal.getByTestId('amount')).toHaveText('Debit -$100.00');
  await expect(withdrawal).toContainText('Fee $10.00 · Payout $90.00');
  for (const row of [deposit, withdrawal]) {
    await expect(row.getByText('Success', { exact: true }).locator('visible=true')).toBeVisible();
  }
  const [dr, dg] = await rgbOf(deposit.getByTestId('amount'));
  const [wr, wg] = await rgbOf(withdrawal.getByTestId('amount'));
  expect(dg, 'credit amount is green').toBeGreaterThan(dr ?? 0);
  expect(wr, 'withdrawal amount is red').toBeGreaterThan(wg ?? 0);
  await snap(page, 'transactions');

  // The dashboard agrees: $4,900 left, $100 withdrawn.
  await page.goto('/dashboard');
  await expect(page.getByTestId('balance')).toHaveText('$4,900.00');
  await adminContext.close();
});
