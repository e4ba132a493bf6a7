import { expect } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { test } from './fixtures';
import {
  activateAccount,
  adminContextOn,
  newPersonContext,
  realtimeHello,
  registerInvestor,
  rowWith,
  snap,
  uniqueName,
} from './support';

/**
 * Issue 41: the admin pays a crypto withdrawal with a hash and the investor sees it. On the
 * development chain (nothing configured) an investor's balance is real ledger money credited
 * from the chain (the faucet on their crypto deposit page); they withdraw by "USDC (test)" to a
 * fresh address of theirs. The admin, who has no wallet on that chain, sends the payout from the
 * development wallet in the pay dialog; the server refuses the hash until it has its
 * confirmations (the chain mines every 2 s, 3 are needed), then pays; the investor's open
 * transactions list shows the withdrawal paid with the hash, without a reload.
 */
test('a crypto withdrawal paid from the development wallet: the hash proves it once confirmed, and the investor sees it', async ({
  browser,
  baseURL,
  admin,
}) => {
  test.setTimeout(150_000);
  const context = await newPersonContext(browser, baseURL);
  const investor = await registerInvestor(context.request, uniqueName('Rowan'));
  await activateAccount(admin, investor.id);

  // $25 credited from the chain: the faucet on the crypto deposit page.
  const page = await context.newPage();
  await page.goto('/deposits/chain/dev');
  await page.getByRole('button', { name: 'Send test USDC' }).click();
  const transfers = page.getByTestId('chain-transfers');
  await expect(transfers.getByText('Credited', { exact: true })).toBeVisible({ timeout: 45_000 });

  // They withdraw $20 by USDC (test) to a fresh address of theirs.
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  await page.goto('/withdrawals');
  await page.getByRole('tab', { name: 'Crypto Currency' }).click();
  const cryptoTab = page.getByRole('tabpanel', { name: 'Crypto Currency' });
  const method = cryptoTab.getByLabel('Withdrawal method');
  const railOption = method.locator('option', { hasText: 'USDC (test)' });
  await method.selectOption((await railOption.getAttribute('value')) ?? '');
  await cryptoTab.getByLabel('Amount in USD').fill('20');
  await cryptoTab.getByLabel('Wallet address').fill(wallet);
  await cryptoTab.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const confirmWithdrawal = page.getByRole('dialog', { name: 'Confirm withdrawal' });
  const net = (await confirmWithdrawal.getByTestId('confirm-net').textContent()) ?? '';
  expect(net).toMatch(/^\$\d+\.\d{2}$/);
  await confirmWithdrawal.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText('Withdrawal request sent')).toBeVisible();

  // Their transactions stay open, subscribed to live updates: the withdrawal waits.
  const subscribed = realtimeHello(page);
  await page.goto('/transactions');
  const row = page.locator('[data-testid="transaction"][data-type="withdraw"]');
  await expect(row.getByText('Pending', { exact: true }).locator('visible=true')).toBeVisible();
  await subscribed;

  // The admin opens it in the back office and presses "Mark paid".
  const adminContext = await adminContextOn(browser, baseURL ?? '');
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/transactions');
  await rowWith(adminPage, investor.name, 'Withdrawal')
    .getByRole('button', { name: 'Mark paid' })
    .click();
  const dialog = adminPage.getByRole('dialog');
  await expect(dialog).toContainText(wallet);
  const hashField = dialog.getByLabel('Transaction hash');
  await expect(hashField).toHaveValue('');
  // Development chain only, and said to be test money.
  await expect(dialog).toContainText(`Development chain: test money only. This sends ${net}`);
  await dialog.getByRole('button', { name: 'Send from the development wallet' }).click();
  await expect(adminPage.getByText('Test USDC sent from the development wallet')).toBeVisible();
  await expect(hashField).toHaveValue(/^0x[0-9a-f]{64}$/);
  await expect(
    dialog.getByRole('button', { name: 'Send from the development wallet' }),
  ).toBeDisabled();
  const hash = await hashField.inputValue();
  await snap(adminPage, 'admin-pay-dialog');

  // Paid once the hash has its confirmations: until then the server says how many it has.
  let refusedUnconfirmed = false;
  await expect(async () => {
    if (await dialog.isVisible()) {
      await dialog.getByRole('button', { name: 'Mark paid' }).click();
      const answer = adminPage
        .getByText('Withdrawal marked as paid')
        .or(dialog.getByText(/^The transaction has \d of 3 confirmations/));
      await expect(answer.first()).toBeVisible();
      if (await dialog.getByText(/^The transaction has \d of 3 confirmations/).isVisible()) {
        if (!refusedUnconfirmed) await snap(adminPage, 'admin-pay-unconfirmed');
        refusedUnconfirmed = true;
      }
    }
    await expect(adminPage.getByText('Withdrawal marked as paid')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 45_000, intervals: [1_000, 2_000] });
  await expect(dialog).toBeHidden();
  await expect(rowWith(adminPage, investor.name, 'Withdrawal')).toContainText('Success');

  // The investor's list, never reloaded, shows it paid with its transaction hash.
  await expect(row.getByText('Success', { exact: true }).locator('visible=true')).toBeVisible();
  await expect(row.getByTitle(hash)).toHaveText(`${hash.slice(0, 10)}…${hash.slice(-8)}`);
  await snap(page, 'investor-row');

  await adminContext.close();
  await context.close();
});
