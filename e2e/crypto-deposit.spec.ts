import { expect } from '@playwright/test';
import { test } from './fixtures';
import {
  activateAccount,
  newPersonContext,
  openMenuIfCollapsed,
  realtimeHello,
  registerInvestor,
  rowWith,
  signInAsAdmin,
  snap,
  uniqueName,
} from './support';

/**
 * Issue 41: with nothing configured the server runs the development chain, so an investor can
 * deposit from a chain at once. They open the crypto deposit, press "Send test USDC", watch the
 * transfer confirm and be credited, and the balance on their open dashboard follows without a
 * reload; the admin finds the transfer under "Crypto transfers".
 */
test('send test USDC on the development chain: confirming, then credited, the balance follows live, and the admin sees it', async ({
  browser,
  baseURL,
  admin,
}) => {
  test.setTimeout(120_000);
  const context = await newPersonContext(browser, baseURL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const investor = await registerInvestor(context.request, uniqueName('Quinn'));
  await activateAccount(admin, investor.id);

  // Their dashboard is open in one tab, subscribed to live updates.
  const dashboard = await context.newPage();
  const subscribed = realtimeHello(dashboard);
  await dashboard.goto('/dashboard');
  const balance = dashboard.getByTestId('balance');
  await expect(balance).toHaveText('$0.00');
  await subscribed;

  // In another tab they open the crypto deposit from /deposits.
  const page = await context.newPage();
  await page.goto('/deposits');
  await page.getByRole('link', { name: /USDC on Development chain/ }).click();
  await expect(page).toHaveURL(/\/deposits\/chain\/dev$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Deposit USDC on Development chain' }),
  ).toBeVisible();
  const address = page.getByTestId('deposit-address');
  await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByRole('note')).toContainText('Send only USDC on Development chain');
  await expect(page.getByText('At least 1 USDC.', { exact: false })).toBeVisible();
  await expect(page.getByText('No transfers yet')).toBeVisible();

  // The address copies ('Copied' on the button) and is the one the server gives them.
  await page.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await address.textContent(),
  );

  // Test money, labelled as such.
  await expect(page.getByText('Development chain: test money only')).toBeVisible();
  await page.getByRole('button', { name: 'Send test USDC' }).click();
  await expect(page.getByText('25 test USDC sent to your address')).toBeVisible();

  // The transfer arrives, confirms block by block, then is credited.
  const transfers = page.getByTestId('chain-transfers');
  await expect(transfers.getByText(/^Confirming \d of \d$/)).toBeVisible({ timeout: 30_000 });
  await snap(page, 'confirming');
  await expect(transfers.getByText('Credited', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(transfers.getByText('$25.00 added to your balance.')).toBeVisible();
  await expect(transfers.getByText('25 USDC', { exact: true })).toBeVisible();
  await snap(page, 'credited');

  // The dashboard, never reloaded, shows the money.
  await expect(balance).toHaveText('$25.00');

  // The credit is a deposit in their transactions.
  await transfers.getByRole('link', { name: /^Transaction TNX-/ }).click();
  await expect(page).toHaveURL(/\/transactions\?q=TNX-/);
  await expect(page.getByText('$25.00').first()).toBeVisible();

  // The admin finds it under "Crypto transfers", with the watcher's health above.
  const adminContext = await newPersonContext(browser, baseURL);
  await signInAsAdmin(adminContext, baseURL ?? '');
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin');
  await openMenuIfCollapsed(adminPage);
  await adminPage.getByRole('link', { name: 'Crypto transfers' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/chain-transfers$/);
  await expect(adminPage.getByTestId('chain-watcher').first()).toContainText(
    'USDC on Development chain',
  );
  const row = rowWith(adminPage, investor.email);
  await expect(row).toContainText('25 USDC');
  await expect(row).toContainText('$25.00 credited');
  await expect(row).toContainText('Credited');
  await snap(adminPage, 'admin-chain-transfers');

  await adminContext.close();
  await context.close();
});
