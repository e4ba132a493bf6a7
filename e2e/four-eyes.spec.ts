import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import {
  adminApi,
  approveAsChecker,
  checkerApi,
  newPersonContext,
  registerInvestor,
  signInAsAdmin,
  sendAs,
  snap,
  uniqueName,
  rowWith,
  bankWithdrawal,
} from './support';

test('a payout above the threshold waits for a second admin, who turns on two-factor first and then approves it; it is paid once', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const admin = await adminApi(base);
  // A second admin for what the seeded admin asks below that waits for one (made first, while
  // the seeded admin is the only admin on a fresh server).
  await (await checkerApi(base)).dispose();
  await sendAs(admin, 'put', '/api/admin/settings/four-eyes', { threshold: '1000' });

  // An investor with $2,500 asks to withdraw $1,500: above the $1,000.00 threshold.
  const investorContext = await newPersonContext(browser, base);
  const investor = await registerInvestor(investorContext.request, uniqueName('Quinn'));
  await sendAs(admin, 'post', `/api/admin/users/${investor.id}/activate`);
  const { methods } = (await (
    await investorContext.request.get('/api/payment-methods')
  ).json()) as {
    methods: { id: string; kind: string }[];
  };
  const method = methods.find((m) => m.kind === 'crypto');
  if (!method) throw new Error('no crypto payment method seeded');
  const deposit = (await sendAs(investorContext.request, 'post', '/api/deposits', {
    methodId: method.id,
    amount: '2500',
  })) as { transaction: { id: string } };
  // $2,500 is above the threshold too: the deposit's approval waits for the checker admin.
  await approveAsChecker(
    base,
    await sendAs(admin, 'post', `/api/admin/deposits/${deposit.transaction.id}/approve`),
  );
  const withdrawal = (await sendAs(
    investorContext.request,
    'post',
    '/api/withdrawals',
    bankWithdrawal(investor.name, '1500'),
  )) as { transaction: { transactionId: string } };
  const tnx = withdrawal.transaction.transactionId;

  // A colleague becomes an admin too (signed in with a password only, so far).
  const checkerContext = await newPersonContext(browser, base);
  const colleague = await registerInvestor(checkerContext.request, uniqueName('Casey'));
  await sendAs(admin, 'post', `/api/admin/users/${colleague.id}/activate`);
  // With two admins already, making a third waits for the checker admin.
  await approveAsChecker(
    base,
    await sendAs(admin, 'post', `/api/admin/users/${colleague.id}/make-admin`),
  );

  // The seeded admin marks it paid: it waits for a second admin, nothing is paid yet.
  await signInAsAdmin(page.context(), base);
  await page.goto(`/admin/transactions?q=${tnx}`);
  const row = rowWith(page, tnx);
  await row.getByRole('button', { name: 'Mark paid' }).click();
  // Above the threshold, the dialog says what will happen: nothing is paid yet.
  const ask = page.getByRole('dialog', {
    name: `Ask a second admin to approve withdrawal ${tnx}?`,
  });
  await expect(ask).toContainText('Nothing is paid out yet');
  await ask.getByRole('button', { name: 'Ask for approval' }).click();
  await expect(page.getByText("Payout sent for a second admin's approval")).toBeVisible();
  await expect(row).toContainText('Awaiting second approval');
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('You requested this. Another admin must approve it.');
  await expect(row.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  await snap(page, 'maker-transactions-waiting');
  await page.goto('/admin/approvals');
  const waiting = rowWith(page, tnx);
  await expect(waiting).toContainText(`Payout of $1,500.00 (${tnx}) to ${investor.name}`);
  await expect(waiting.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await snap(page, 'maker-approvals');

  // The colleague opens the admin area: it asks for two-factor first and links to the setup.
  const checker = await checkerContext.newPage();
  await checker.goto('/admin/approvals');
  await expect(
    checker.getByRole('heading', { name: 'Turn on two-factor authentication first' }),
  ).toBeVisible();
  await snap(checker, 'admin-needs-two-factor');
  await checker.getByRole('link', { name: 'Set up two-factor authentication' }).click();
  await expect(checker).toHaveURL(/\/profile$/);
  await checker.getByRole('button', { name: 'Enable two-factor' }).click();
  const dialog = checker.getByRole('dialog');
  const secret = (await dialog.locator('code').first().innerText()).replace(/\s+/g, '');
  await dialog.getByLabel('6-digit code').fill(await generate({ secret }));
  await dialog.getByRole('button', { name: 'Confirm and enable' }).click();
  await checker.getByRole('button', { name: 'I have saved them' }).click();

  // Now the colleague approves the payout; it is booked once.
  await checker.goto('/admin/approvals');
  const request = rowWith(checker, tnx);
  await expect(request).toContainText('Waiting');
  await snap(checker, 'checker-approvals');
  await request.getByRole('button', { name: 'Approve' }).click();
  const confirm = checker.getByRole('dialog', { name: 'Approve this request?' });
  await expect(confirm).toContainText(`requested by`);
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(checker.getByText('Approved and booked')).toBeVisible();
  await expect(rowWith(checker, tnx)).toHaveCount(0);
  await checker.getByLabel('Show').selectOption({ label: 'Approved' });
  await expect(rowWith(checker, tnx)).toContainText(`by ${colleague.name}`);
  await snap(checker, 'checker-approved');

  await page.goto(`/admin/transactions?q=${tnx}`);
  await expect(rowWith(page, tnx)).toContainText('Success');
  const summary = (await (await investorContext.request.get('/api/account/summary')).json()) as {
    availableCents: number;
    heldCents: number;
    totalWithdrawalsCents: number;
  };
  expect([summary.availableCents, summary.heldCents, summary.totalWithdrawalsCents]).toEqual([
    100_000, 0, 150_000,
  ]);
  await admin.dispose();
  await investorContext.close();
  await checkerContext.close();
});
