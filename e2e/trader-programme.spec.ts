import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { useOwnServer, type OwnServer } from './own-server';
import {
  approvedLeadTrader,
  activateAccount,
  adminApi,
  adminContextOn,
  approveAsChecker,
  csrfOf,
  newPersonContext,
  registerInvestor,
  snap,
  uniqueName,
  realtimeHello,
  sendAs,
  copierOf,
  offerPlan,
} from './support';

/**
 * Its own server: the journey creates a strategy and offers it through a plan, which the shared
 * server's other specs (four plans, four strategies in the directory) must not see.
 */
let server: OwnServer;

useOwnServer((made) => (server = made));

test('a user applies from /profile, an admin approves, the trader creates a strategy and sets its fee, it is offered through a plan, and the dashboard counts the copier', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const baseURL = server.baseURL;
  const traderContext = await newPersonContext(browser, baseURL);
  const page = await traderContext.newPage();
  const admin = await adminApi(baseURL);
  const name = uniqueName('Grace');
  const trader = await registerInvestor(page.request, name);
  await activateAccount(admin, trader.id);

  // Apply from the profile: bad input first, named on its field.
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Become a lead trader' });
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByText('Display name is required')).toBeVisible();
  await expect(form.getByText('Please acknowledge the lead-trader rules')).toBeVisible();
  await form.getByLabel('Display name').fill(name);
  await form.getByLabel('Short bio').fill('Trend follower on Bitcoin.');
  await form.getByLabel('Trading experience').fill('Eight years trading futures, drawdowns shown.');
  await form.getByLabel('I have read and accept the lead-trader rules').check();
  await snap(page, 'apply');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Waiting for review')).toBeVisible();

  // An admin reviews it in the back office.
  const adminContext = await adminContextOn(browser, baseURL);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/trader-applications');
  const row = adminPage.locator('tbody tr').filter({ hasText: name });
  await expect(row).toBeVisible();
  await snap(adminPage, 'review');
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByLabel('Reason (shown to the applicant)').fill('Track record checked');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText('Application approved')).toBeVisible();

  // The trader creates their strategy on /trader.
  await page.goto('/trader');
  const create = page.getByRole('form', { name: 'Create your strategy' });
  await create.getByLabel('Strategy name').fill(`${name} Trend`);
  await create.getByLabel('Description').fill('Long or flat Bitcoin, sized by trend.');
  await create.getByLabel('BTCUSDT').check();
  await create.getByLabel('Performance fee (%)').fill('45');
  await create.getByLabel('Minimum copy amount ($)').fill('100');
  await create.getByRole('button', { name: 'Create strategy' }).click();
  await expect(create.getByText('Performance fee must be from 0% to 30%')).toBeVisible();
  await create.getByLabel('Performance fee (%)').fill('10');
  await snap(page, 'create');
  await create.getByRole('button', { name: 'Create strategy' }).click();
  await expect(page.getByTestId('dashboard-copiers')).toHaveText('0');

  // Setting the fee.
  const fee = page.getByRole('form', { name: 'Change the performance fee' });
  await fee.getByLabel('New performance fee (%)').fill('20');
  await fee.getByRole('button', { name: 'Save fee' }).click();
  await expect(page.getByTestId('terms-fee')).toHaveText('20.00%');

  // Offered through a plan (the admin's plan tooling), and a copier invests.
  const { strategyId } = (await (await page.request.get('/api/trader/dashboard')).json()) as {
    strategyId: string;
  };
  const planId = await offerPlan(admin, `${name.split(' ')[1]} plan`, strategyId);
  // $2,000 is above the four-eyes threshold: the approval waits for the checker admin.
  const { context: copierContext, investor: copier } = await copierOf(
    browser,
    baseURL,
    admin,
    planId,
    { deposit: '2000', amount: '1000', waits: true },
  );

  // The dashboard counts the copier, never who.
  await page.reload();
  await expect(page.getByTestId('dashboard-copiers')).toHaveText('1');
  await expect(page.getByTestId('dashboard-aum')).toContainText('$');
  await expect(page.locator('main')).not.toContainText(copier.name);
  await snap(page, 'dashboard');

  // The retire action in the admin's strategies list.
  await adminPage.goto('/admin/strategies');
  await expect(adminPage.locator('tbody tr').filter({ hasText: `${name} Trend` })).toBeVisible();
  await snap(adminPage, 'strategies');
  await adminContext.close();
  await copierContext.close();
  await traderContext.close();
  await admin.dispose();
});

test("a new user whose account is not yet active is told why before the form, applies once an admin activates it, and reads the reviewer's note", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const baseURL = server.baseURL;
  const context = await newPersonContext(browser, baseURL);
  const page = await context.newPage();
  const name = uniqueName('Iris');
  const trader = await registerInvestor(page.request, name);

  // Not active yet: the card says why and where to ask, with no form to fill and be refused.
  const subscribed = realtimeHello(page);
  await page.goto('/profile');
  const card = page.locator('#lead-trader');
  const why = card.getByRole('note');
  await expect(why).toContainText(
    'You can apply once your account is active: an admin reviews every new account first, and we e-mail you when yours is active.',
  );
  await expect(why.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
    'href',
    '/support',
  );
  const form = page.getByRole('form', { name: 'Become a lead trader' });
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send application' })).toHaveCount(0);
  // The whole page first (scrolled, a full-page capture draws the fixed bars mid-page), then the
  // card as the viewport shows it.
  await snap(page, 'apply-not-active');
  await why.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: `test-results/screens/${test.info().project.name}/trader-programme-apply-not-active-card.png`,
  });
  // The server refuses such an application too (the card is not the only guard).
  const refused = await page.request.post('/api/trader-applications', {
    headers: { 'x-csrf-token': await csrfOf(page.request) },
    data: { displayName: name, bio: 'Majors.', experience: 'Two years.', acceptRules: true },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('ACCOUNT_NOT_ACTIVE');

  // An admin activates the account: the open page offers the form, without a reload.
  await subscribed;
  const admin = await adminApi(baseURL);
  await sendAs(admin, 'post', `/api/admin/users/${trader.id}/activate`);
  await expect(form).toBeVisible();
  await expect(card.getByRole('note')).toHaveCount(0);
  await form.getByLabel('Display name').fill(name);
  await form.getByLabel('Short bio').fill('Bitcoin and Ether, both sides.');
  await form.getByLabel('Trading experience').fill('Five years of futures, losses shown.');
  await form.getByLabel('I have read and accept the lead-trader rules').check();
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Application sent')).toBeVisible();
  await expect(card.getByTestId('trader-application-status')).toContainText('Waiting for review');

  // The admin approves it with a reason, in the back office.
  const reason = `Track record checked for ${name}`;
  const adminContext = await adminContextOn(browser, baseURL);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/trader-applications');
  const row = adminPage.locator('tbody tr').filter({ hasText: name });
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByLabel('Reason (shown to the applicant)').fill(reason);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText('Application approved')).toBeVisible();

  // The trader reads the reviewer's note on their profile, with the way to their desk.
  await page.reload();
  await expect(card.getByTestId('trader-application-note')).toHaveText(
    `Note from the reviewer: ${reason}`,
  );
  await expect(card.getByRole('link', { name: 'Open the trader desk' })).toHaveAttribute(
    'href',
    '/trader',
  );
  await snap(page, 'reviewer-note');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: `test-results/screens/${test.info().project.name}/trader-programme-reviewer-note-card.png`,
  });
  await adminContext.close();
  await context.close();
  await admin.dispose();
});

test('an admin sets the fee bounds and creates a strategy for an approved trader from /admin/strategies; retiring it alerts its copier', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const baseURL = server.baseURL;
  const admin = await adminApi(baseURL);
  const adminHeaders = async () => ({ 'x-csrf-token': await csrfOf(admin) });

  // An approved lead trader without a strategy (applied and approved through the API).
  const {
    context: traderContext,
    trader,
    name,
  } = await approvedLeadTrader(browser, baseURL, admin, 'Ada', {
    bio: 'Majors.',
    experience: 'Six years.',
  });

  const adminContext = await adminContextOn(browser, baseURL);
  const page = await adminContext.newPage();
  await page.goto('/admin/strategies');

  // The operator's bounds: reversed ones are refused on the field, then 2 % to 20 % is saved.
  const bounds = page.getByRole('form', { name: "Lead traders' performance fees" });
  await bounds.getByLabel('Lowest fee (%)').fill('40');
  await bounds.getByRole('button', { name: 'Save' }).click();
  await expect(bounds.getByText('The highest fee must be at least the lowest')).toBeVisible();
  await bounds.getByLabel('Lowest fee (%)').fill('2');
  await bounds.getByLabel('Highest fee (%)').fill('20');
  await bounds.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: 'Allow performance fees from 2% to 20%?' });
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Fee bounds saved successfully')).toBeVisible();
  await expect(bounds.getByText('Currently 20%')).toBeVisible();

  // A strategy for the trader: the fee is checked against the new bounds by the server.
  await page.getByRole('button', { name: 'New strategy' }).click();
  const create = page.getByRole('form', { name: 'New strategy for a lead trader' });
  await create.getByLabel('Lead trader').selectOption({ label: `${name} (${trader.email})` });
  await create.getByLabel('Strategy name').fill(`${name} Majors`);
  await create.getByLabel('Description').fill('Bitcoin and Ether, long only.');
  await create.getByLabel('BTCUSDT').check();
  await create.getByLabel('ETHUSDT').check();
  await create.getByLabel('Performance fee (%)').fill('25');
  await create.getByLabel('Minimum copy amount ($)').fill('100');
  await expect(create.getByText('From 2% to 20%', { exact: false })).toBeVisible();
  await snap(page, 'admin-create');
  await create.getByRole('button', { name: 'New strategy' }).click();
  await expect(create.getByText('Performance fee must be from 2% to 20%')).toBeVisible();
  await create.getByLabel('Performance fee (%)').fill('15');
  await create.getByRole('button', { name: 'New strategy' }).click();
  await expect(page.getByText('Strategy created successfully')).toBeVisible();
  const row = page.locator('tbody tr').filter({ hasText: `${name} Majors` });
  await expect(row).toContainText(name);
  await snap(page, 'admin-strategies');

  // The trader sees it as theirs, on the admin's terms.
  const dashboard = (await (await traderContext.request.get('/api/trader/dashboard')).json()) as {
    strategyId: string;
    terms: { performanceFeePct: string };
  };
  expect(dashboard.terms.performanceFeePct).toBe('15.00');

  // Offered through a plan; a copier invests.
  const planId = await offerPlan(admin, `${name.split(' ')[1]} majors`, dashboard.strategyId);
  // $2,000 is above the four-eyes threshold: the approval waits for the checker admin.
  const { context: copierContext } = await copierOf(browser, baseURL, admin, planId, {
    deposit: '2000',
    amount: '500',
    waits: true,
  });
  const copierPage = await copierContext.newPage();
  await copierPage.goto('/dashboard');
  const bell = copierPage.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread'); // the deposit

  // Retiring it from the list: nobody's copy is closed, the copier is told.
  await row.getByRole('button', { name: 'Retire' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retire' }).click();
  await expect(row).toContainText('Retired');
  await expect(row.getByRole('button', { name: 'Lead trader' })).toHaveCount(0);
  await copierPage.reload();
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await bell.click();
  const alert = copierPage
    .getByRole('list', { name: 'Notifications' })
    .getByRole('listitem')
    .nth(0);
  await expect(alert).toContainText(`The ${name} Majors strategy is retired`);
  await expect(alert).toContainText('Your copy stays open at its market value');
  await expect(copierPage.getByTestId('trade-amount')).toHaveText('$500.00');
  await snap(copierPage, 'copier-retired-alert');

  // The other journey on this server (the other width) expects the default bounds. Raising the
  // ceiling back to 30% waits for a second admin: the checker admin approves it.
  const reset = await admin.put('/api/admin/settings/trader-fees', {
    headers: { ...(await adminHeaders()), 'idempotency-key': crypto.randomUUID() },
    data: { feeMinPct: '0', feeMaxPct: '30' },
  });
  expect(reset.status()).toBe(202);
  await approveAsChecker(baseURL, (await reset.json()) as Record<string, unknown>);
  const saved = (await (await admin.get('/api/admin/settings/trader-fees')).json()) as {
    feeMinPct: string;
    feeMaxPct: string;
  };
  expect([Number(saved.feeMinPct), Number(saved.feeMaxPct)]).toEqual([0, 30]);
  await copierContext.close();
  await adminContext.close();
  await traderContext.close();
  await admin.dispose();
});
