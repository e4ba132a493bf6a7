import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { generate } from 'otplib';
import { latestMail, linkIn, mailboxMail, openMenuIfCollapsed, uniqueEmail } from './support';

const FIRST_PASSWORD = 'first-password-123';
const NEW_PASSWORD = 'second-password-456';

async function logout(page: Page) {
  await openMenuIfCollapsed(page);
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
}

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('register, inactive dashboard, recover the password by e-mail, enable two-factor, log in with a code', async ({
  page,
  admin,
}) => {
  const email = uniqueEmail('journey');

  // Sign-up: every empty-field message first.
  await page.goto('/register');
  await page.getByRole('button', { name: 'Register' }).click();
  for (const message of [
    'Full name is required',
    'Email is required',
    'Phone number is required',
    'Country is required',
    'Password is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('Full name').fill('Jordan Rivers');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('+49 30 1234567');
  await page.getByLabel('Country').click();
  await page.getByPlaceholder('Search country').fill('Germ');
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.getByRole('option', { name: /Germany/ }).click();
  await page.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();

  // The new account waits for review.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Account is not active')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    '/support',
  );
  await logout(page);

  // Recovery through the e-mail the user received (the development mailbox).
  await page.goto('/forgot');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Recovery email sent!')).toBeVisible();
  const link = linkIn(await mailboxMail(email, 'recovery'));
  // The admin outbox shows the same message with its secret redacted.
  const staffCopy = await latestMail(admin, email, 'recovery');
  expect(staffCopy.text).toContain('secret=[redacted]');
  expect(staffCopy.text).not.toContain(link.searchParams.get('secret') ?? 'no secret');
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await login(page, email, FIRST_PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await login(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Two-factor on.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Enable two-factor' }).click();
  const dialog = page.getByRole('dialog');
  const secret = (await dialog.locator('code').first().innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await dialog.getByLabel('6-digit code').fill(await generate({ secret }));
  await dialog.getByRole('button', { name: 'Confirm and enable' }).click();
  await expect(page.getByText('Save your recovery codes')).toBeVisible();
  const recoveryCodes = await page.getByRole('dialog').locator('li').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await logout(page);

  // Logging in now asks for a code.
  await login(page, email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // The code that enabled two-factor is spent: use the next time step's code (±1 step is allowed).
  const nextStep = Math.floor(Date.now() / 1000) + 30;
  await page.getByLabel('Two-factor code').fill(await generate({ secret, epoch: nextStep }));
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Account is not active')).toBeVisible();

  // Two-factor off: the password alone is not enough; a recovery code stands in for the app.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Disable two-factor' }).click();
  const off = page.getByRole('dialog');
  await off.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await off.getByRole('button', { name: 'Disable' }).click();
  await expect(off.getByText('Enter the 6-digit code')).toBeVisible();
  await off.getByLabel('Code from your app or a recovery code').fill(recoveryCodes[0] ?? '');
  await off.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Two-factor authentication disabled')).toBeVisible();

  // The account's own history tells this journey back, newest first, the failed sign-in marked.
  await page.reload();
  const activity = page.getByRole('list', { name: 'Account activity' });
  await expect(activity.getByRole('listitem').first()).toContainText(
    'Two-factor authentication turned off',
  );
  for (const entry of [
    'Two-factor authentication turned on',
    'Failed sign-in attempt',
    'Password reset by e-mail link',
  ]) {
    await expect(activity.getByText(entry).first()).toBeVisible();
  }
  await expect(
    activity.getByRole('listitem').filter({ hasText: 'Signed in' }).first(),
  ).toContainText(/UTC · [A-Z][a-z]+ on [A-Za-z]+ · IP /);
});
