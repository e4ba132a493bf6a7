import crypto from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { freePort, OwnServer } from './own-server';
import {
  adminApi,
  csrfOf,
  newPersonContext,
  registerInvestor,
  signInAsAdmin,
  snap,
  uniqueName,
} from './support';

/**
 * Its own server: the journey creates a strategy and offers it through a plan, which the shared
 * server's other specs (four plans, four strategies in the directory) must not see.
 */
let server: OwnServer;

test.beforeAll(async () => {
  server = new OwnServer(await freePort());
  await server.start();
});

test.afterAll(async () => {
  await server?.dispose();
});

/** As the admin: activate the account (and, for a copier, confirm a $2,000 deposit). */
async function activate(admin: APIRequestContext, userId: string) {
  const headers = { 'x-csrf-token': await csrfOf(admin) };
  expect((await admin.post(`/api/admin/users/${userId}/activate`, { headers })).ok()).toBe(true);
}

async function fund(admin: APIRequestContext, person: APIRequestContext) {
  const { methods } = (await (await person.get('/api/payment-methods')).json()) as {
    methods: { id: string; kind: string }[];
  };
  const method = methods.find((m) => m.kind === 'crypto');
  const deposit = await person.post('/api/deposits', {
    headers: { 'x-csrf-token': await csrfOf(person), 'idempotency-key': crypto.randomUUID() },
    data: { methodId: method?.id, amount: '2000' },
  });
  expect(deposit.status()).toBe(201);
  const { transaction } = (await deposit.json()) as { transaction: { id: string } };
  const approved = await admin.post(`/api/admin/deposits/${transaction.id}/approve`, {
    headers: { 'x-csrf-token': await csrfOf(admin), 'idempotency-key': crypto.randomUUID() },
  });
  expect(approved.ok()).toBe(true);
}

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
  await activate(admin, trader.id);

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
  const adminContext = await newPersonContext(browser, baseURL);
  await signInAsAdmin(adminContext, baseURL);
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
  const plan = await admin.post('/api/admin/plans', {
    headers: { 'x-csrf-token': await csrfOf(admin) },
    data: {
      title: `${name.split(' ')[1]} plan`,
      min: '100',
      max: '5000',
      termDays: 30,
      strategyId,
    },
  });
  expect(plan.status()).toBe(201);
  const { plan: created } = (await plan.json()) as { plan: { id: string } };
  const copierContext = await newPersonContext(browser, baseURL);
  const copier = await registerInvestor(copierContext.request, uniqueName('Copier'));
  await activate(admin, copier.id);
  await fund(admin, copierContext.request);
  const invested = await copierContext.request.post('/api/trades', {
    headers: {
      'x-csrf-token': await csrfOf(copierContext.request),
      'idempotency-key': crypto.randomUUID(),
    },
    data: { planId: created.id, amount: '1000' },
  });
  expect(invested.status()).toBe(201);

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
