import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import {
  activateAndFund,
  csrfOf,
  linkIn,
  mailboxMail,
  newPersonContext,
  registerInvestor,
  snap,
  uniqueEmail,
  uniqueName,
  bankWithdrawal,
} from './support';

/** The Security card's e-mail row and the Close account card on /profile (issue 20). */

async function post(page: Page, url: string, data: object) {
  return page.request.post(url, {
    data,
    headers: { 'x-csrf-token': await csrfOf(page.request) },
  });
}

test('change the e-mail address: the link mailed to the new address applies it', async ({
  page,
}) => {
  const investor = await registerInvestor(page.request, uniqueName('Mira'));
  const newEmail = uniqueEmail('mira.new');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your e-mail address' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('New e-mail address').fill(newEmail);
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await dialog.getByLabel('Current password').fill(investor.password);
  await snap(page, 'change-email-dialog');
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Nothing has changed yet.
  await expect(page.getByText(`Confirm ${investor.email} so account messages`)).toBeVisible();

  // The new address's owner follows the link from their mailbox.
  const link = linkIn(await mailboxMail(newEmail, 'email_change_confirm'));
  expect(link.pathname).toBe('/confirm-email');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Your e-mail address is changed.')).toBeVisible();
  await snap(page, 'confirm-email');
  await page.getByRole('link', { name: 'Go to profile' }).click();
  await expect(page.getByText(`${newEmail} is confirmed.`)).toBeVisible();
  await expect(page.getByText('E-mail address changed', { exact: true })).toBeVisible();

  // The former address is told, with a way to report it.
  const notice = await mailboxMail(investor.email, 'email_changed');
  expect(notice.text).toContain(newEmail);
  expect(notice.text).toContain('/contact');
});

test('close my account: refused with the way out while money is left, closed once it has left', async ({
  page,
  baseURL,
  admin,
}) => {
  const investor = await registerInvestor(page.request, uniqueName('Cleo'));
  const adminPost = async (url: string, data: object = {}) =>
    admin.post(url, { data, headers: { 'x-csrf-token': await csrfOf(admin) } });
  await activateAndFund(baseURL ?? '', admin, page.request, investor.id, '250', { waits: false });

  await page.goto('/profile');
  const card = page.locator('section', {
    has: page.getByRole('heading', { name: 'Close account' }),
  });
  await expect(card.getByText(/kept for 10 years/)).toBeVisible();
  await expect(card.getByText('$250.00 is still available in your account.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Close my account' })).toBeDisabled();
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'close-account-refused');
  // The way out: withdraw.
  await card.getByRole('link', { name: 'Withdraw' }).click();
  await expect(page).toHaveURL(/\/withdrawals$/);

  const withdrawal = await post(page, '/api/withdrawals', bankWithdrawal(investor.name, '250'));
  expect(withdrawal.status()).toBe(201);
  await page.goto('/profile');
  await expect(card.getByText('A withdrawal is still being processed.')).toBeVisible();
  const { transaction: payout } = (await withdrawal.json()) as { transaction: { id: string } };
  expect((await adminPost(`/api/admin/withdrawals/${payout.id}/pay`)).ok()).toBe(true);

  await page.reload();
  const close = card.getByRole('button', { name: 'Close my account' });
  await expect(close).toBeEnabled();
  await expect(card.getByText('Before you can close your account:')).toBeHidden();
  await close.click();
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await dialog.getByRole('textbox', { name: 'Password' }).fill(investor.password);
  await snap(page, 'close-account-confirm');
  await dialog.getByRole('button', { name: 'Close my account permanently' }).click();
  // A page that says it is closed and what became of the money and the data.
  await expect(page.getByRole('heading', { name: 'Your account is closed' })).toBeVisible();
  await expect(page.getByText('kept for 10 years')).toBeVisible();
  await expect(page).toHaveURL(/\/account-closed$/);

  // Signed out everywhere, and the password no longer opens it.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  const login = await post(page, '/api/auth/login', {
    email: investor.email,
    password: investor.password,
  });
  expect(login.status()).toBe(401);
  const confirmation = await mailboxMail(investor.email, 'account_closed');
  expect(confirmation.text).toContain('10 years');
});

test('download my data: one JSON file with my profile, activity and sessions', async ({ page }) => {
  const investor = await registerInvestor(page.request, uniqueName('Dana'));
  await page.goto('/profile');
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Your data' }) });
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'data-export');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
    profile: { id: string; email: string };
    activity: { action: string }[];
    sessions: unknown[];
  };
  expect(data.profile).toMatchObject({ id: investor.id, email: investor.email });
  expect(data.activity.map((entry) => entry.action)).toContain('user.registered');
  expect(data.sessions.length).toBeGreaterThanOrEqual(1);
  // The download itself is in the account's activity.
  await expect(page.getByText('Personal data downloaded', { exact: true })).toBeVisible();
});

test('sign in with a link by e-mail from /login', async ({ page, browser }) => {
  const investor = await registerInvestor(page.request, uniqueName('Milo'));
  const context = await newPersonContext(browser);
  const visitor = await context.newPage();
  await visitor.goto('/login');
  await snap(visitor, 'login-with-link');
  await visitor.getByRole('link', { name: 'Email me a sign-in link' }).click();
  await expect(visitor).toHaveURL(/\/login\/link$/);
  await visitor.getByLabel('Email').fill(investor.email);
  await snap(visitor, 'magic-link-request');
  await visitor.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(visitor.getByText(`If an account exists for ${investor.email}`)).toBeVisible();

  const link = linkIn(await mailboxMail(investor.email, 'magic_link'));
  expect(link.pathname).toBe('/magic');
  await visitor.goto(`${link.pathname}${link.search}`);
  await expect(visitor).toHaveURL(/\/dashboard$/);
  // Used once: the same link again is refused, with the way to a new one.
  await context.clearCookies();
  await visitor.goto(`${link.pathname}${link.search}`);
  await expect(visitor.getByText('This link is invalid or has expired.')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Send a new link' })).toBeVisible();
  await context.close();
});
