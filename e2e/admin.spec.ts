import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  approvePendingAsChecker,
  csrfOf,
  newPersonContext,
  registerInvestor,
  signInAsAdmin,
  snap,
  uniqueName,
  rowWith,
} from './support';

/** A mutating API call as the investor (CSRF echoed), returning the transaction's TNX id. */
async function investorPost(api: APIRequestContext, url: string, data: object): Promise<string> {
  const response = await api.post(url, { data, headers: { 'x-csrf-token': await csrfOf(api) } });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  const { transaction } = (await response.json()) as { transaction: { transactionId: string } };
  return transaction.transactionId;
}

/**
 * The admin presses `action` on the row that mentions `text`, confirms it in the dialog with the
 * same button and is told `done`; the row then reads `status`.
 */
async function confirmRowAction(
  page: Page,
  text: string,
  action: string,
  { done, status }: { done: string; status: string },
): Promise<void> {
  await rowWith(page, text).getByRole('button', { name: action }).click();
  await page.getByRole('dialog').getByRole('button', { name: action }).click();
  await expect(page.getByText(done)).toBeVisible();
  await expect(rowWith(page, text)).toContainText(status);
}

test('review and activate a user, approve a deposit, adjust a bonus with a reason, add a plan and a payment method, pay a withdrawal, and find each in the audit log', async ({
  page,
  browser,
  baseURL,
}) => {
  const suffix = Math.random().toString(36).slice(2, 7);
  const investorContext = await newPersonContext(browser, baseURL);
  const investor = await registerInvestor(investorContext.request, uniqueName('Avery'));
  await signInAsAdmin(page.context(), baseURL ?? '');

  // Review: the new user waits under "Awaiting review"; their details are on their page.
  await page.goto('/admin/users');
  await page
    .getByRole('group', { name: 'Filter users' })
    .getByRole('button', { name: 'Awaiting review' })
    .click();
  await expect(page).toHaveURL(/filter=pending/);
  await page.getByLabel('Search users').fill(investor.email);
  await snap(page, 'users');
  await page
    .getByRole('link', { name: new RegExp(investor.name) })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: investor.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(investor.email);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Account activated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivate account' })).toBeVisible();

  // Approve a deposit the investor asked for.
  const methods = (await (await investorContext.request.get('/api/payment-methods')).json()) as {
    methods: { id: string; kind: string }[];
  };
  const crypto = methods.methods.find((method) => method.kind === 'crypto');
  if (!crypto) throw new Error('no crypto payment method seeded');
  const depositId = await investorPost(investorContext.request, '/api/deposits', {
    methodId: crypto.id,
    amount: '1000',
  });
  await page.goto('/admin/transactions');
  await confirmRowAction(page, depositId, 'Approve', {
    done: 'Deposit approved successfully',
    status: 'Success',
  });

  // Adjust the bonus, with the reason the investor will read.
  const reason = `Welcome bonus ${suffix}`;
  await page.goto(`/admin/users/${investor.id}`);
  await page.getByRole('button', { name: 'Adjust bonus' }).click();
  const adjust = page.getByRole('dialog', { name: 'Post an adjustment' });
  await adjust.getByLabel('Amount (USD)').fill('25');
  await adjust.getByLabel('Reason').fill(reason);
  await adjust.getByRole('button', { name: 'Review' }).click();
  await expect(adjust).toContainText(`+$25.00 to ${investor.name}'s bonus`);
  await adjust.getByRole('button', { name: 'Book adjustment' }).click();
  await expect(page.getByText('Bonus updated successfully')).toBeVisible();

  // The investor sees it in their own transactions.
  const investorPage = await investorContext.newPage();
  await investorPage.goto('/transactions');
  const bonus = investorPage.getByTestId('transaction').filter({ hasText: reason });
  await expect(bonus).toContainText(`Bonus adjustment: ${reason}`);
  await expect(bonus.getByTestId('amount')).toHaveText('Credit +$25.00');

  // A new plan copying an existing strategy.
  const planTitle = `E2E Plan ${suffix}`;
  await page.goto('/admin/plans');
  await page.getByRole('button', { name: 'Add plan' }).click();
  const planForm = page.getByRole('dialog', { name: 'Add plan' });
  await planForm.getByLabel('Title').fill(planTitle);
  await planForm.getByLabel('Minimum (USD)').fill('100');
  await planForm.getByLabel('Maximum (USD)').fill('2500');
  await planForm.getByLabel('Term (days)').fill('14');
  await planForm.getByLabel('Strategy').selectOption({ index: 1 });
  await planForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Plan saved successfully')).toBeVisible();
  await expect(rowWith(page, planTitle)).toContainText('14 days');
  await snap(page, 'plans');
  // Retired again (also audited), so later journeys on this server see only the seeded plans.
  await confirmRowAction(page, planTitle, 'Retire', {
    done: 'Plan retired successfully',
    status: 'Retired',
  });

  // A new crypto payment method: where money goes, so it waits for a second admin.
  const methodName = `E2E Coin ${suffix}`;
  const wallet = `0xe2e${suffix}0000000000000000000000000000`;
  await page.goto('/admin/payment-methods');
  await page.getByRole('button', { name: 'Add payment method' }).click();
  const methodForm = page.getByRole('dialog', { name: 'Add payment method' });
  await methodForm.getByLabel('Name', { exact: true }).fill(methodName);
  await methodForm.getByLabel('Network').fill('ERC20');
  await methodForm.getByLabel('Wallet address').fill(wallet);
  await methodForm.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(
      "Payment details sent for a second admin's approval; investors see the current ones until then",
    ),
  ).toBeVisible();
  await expect(rowWith(page, methodName)).toHaveCount(0);
  await page.goto('/admin/approvals');
  const waiting = rowWith(page, `New payment method “${methodName}”: ERC20 · ${wallet}`);
  await expect(waiting).toContainText('You requested this. Another admin must approve it.');
  await expect(waiting.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await snap(page, 'payment-method-waiting');
  // The second admin approves it; then it is listed.
  await approvePendingAsChecker(
    baseURL ?? '',
    (a) => a.change?.setting === 'payment_method' && a.change.to.includes(methodName),
  );
  await page.goto('/admin/payment-methods');
  await expect(rowWith(page, methodName)).toContainText('ERC20');
  await snap(page, 'payment-methods');
  // Retired again: investors on this server keep seeing only the seeded methods.
  await confirmRowAction(page, methodName, 'Retire', {
    done: 'Payment method retired successfully',
    status: 'Retired',
  });

  // Pay out a withdrawal the investor requested.
  const withdrawalId = await investorPost(investorContext.request, '/api/withdrawals', {
    method: 'crypto',
    methodId: crypto.id,
    amount: '200',
    walletAddress: 'bc1qe2eadminwithdrawal00000000000000000',
  });
  await page.goto('/admin/transactions');
  await confirmRowAction(page, withdrawalId, 'Mark paid', {
    done: 'Withdrawal marked as paid',
    status: 'Success',
  });

  // Every one of those actions is in the audit log, newest first.
  await page.goto('/admin/audit');
  const userTarget = `user · ${investor.id.slice(0, 8)}…`;
  for (const [action, mention] of [
    ['user.activated', userTarget],
    ['deposit.approved', depositId],
    ['adjustment.bonus', userTarget],
    ['plan.create', planTitle],
    ['payment_method.created', methodName],
    ['withdrawal.paid', withdrawalId],
  ] as const) {
    await expect(rowWith(page, action, mention), action).toHaveCount(1);
  }
  await expect(rowWith(page, 'adjustment.bonus', userTarget)).toContainText(reason);
  // Each action in words, in the language on screen, with its code beside it for the filter.
  await expect(rowWith(page, 'user.activated', userTarget)).toContainText('Account activated');
  await expect(rowWith(page, 'withdrawal.paid', withdrawalId)).toContainText('Withdrawal paid');
  await snap(page, 'audit');

  // Narrowed to the investor, only the actions on their account remain.
  await page.getByLabel('Target ID').fill(investor.id);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`targetId=${investor.id}`));
  await expect(rowWith(page, 'user.activated')).toHaveCount(1);
  await expect(rowWith(page, 'plan.create')).toHaveCount(0);
  await investorContext.close();
});
