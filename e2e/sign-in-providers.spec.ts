import { expect, test, type APIRequestContext } from '@playwright/test';
import { startOidcPeer, type OidcPeer } from '../apps/server/test/oidc-peer';
import {
  adminApi,
  approveAsChecker,
  csrfOf,
  newPersonContext,
  registerInvestor,
  signInAsAdmin,
  snap,
  uniqueEmail,
  uniqueName,
} from './support';

/**
 * "Continue with …" against a real OpenID Connect provider on loopback (the `oidc-provider`
 * package, its login skipped: it signs in whoever `signInAs` names), and the personal API tokens
 * on /profile (issue 20).
 */

const PROVIDER = 'peer';
let peer: OidcPeer;
let admin: APIRequestContext;
let base = '';

async function adminCall(method: 'PUT' | 'DELETE', url: string, data?: object) {
  const headers = { 'x-csrf-token': await csrfOf(admin) };
  const response =
    method === 'PUT'
      ? await admin.put(url, { data, headers })
      : await admin.delete(url, { headers });
  if (!response.ok())
    throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  // A new provider (or another issuer or client) waits for a second admin: the checker approves.
  if (response.status() === 202) {
    await approveAsChecker(base, (await response.json()) as Record<string, unknown>);
  }
}

test.beforeAll(async ({ baseURL }) => {
  peer = await startOidcPeer([`${baseURL}/api/auth/oidc/${PROVIDER}/callback`]);
  base = baseURL ?? '';
  admin = await adminApi(base);
  await adminCall('PUT', `/api/admin/sign-in-providers/${PROVIDER}`, {
    displayName: 'Peer ID',
    issuerUrl: peer.issuer,
    clientId: peer.clientId,
    clientSecret: peer.clientSecret,
  });
});

test.afterAll(async () => {
  // The other journeys see a sign-in page without providers, as configured by default.
  await adminCall('DELETE', `/api/admin/sign-in-providers/${PROVIDER}`);
  await peer.close();
});

test('continue with a provider: a new account in one short step, then linked on /profile', async ({
  page,
}) => {
  const email = uniqueEmail('oidc');
  peer.signInAs({ sub: `e2e-${email}`, email, email_verified: true, name: 'Ada Provider' });

  await page.goto('/login');
  const button = page.getByRole('link', { name: 'Continue with Peer ID' });
  await expect(button).toBeVisible();
  await snap(page, 'login-with-provider');
  await button.click();

  // Back from the provider: the sign-up details it does not give.
  await expect(page).toHaveURL(/\/sign-in\/continue$/);
  await expect(page.getByRole('heading', { name: 'Complete your account' })).toBeVisible();
  await expect(page.getByText(`Peer ID confirmed ${email}.`)).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Provider');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await page.getByLabel('Phone number').fill('+49 30 1234567');
  await page.getByLabel('Country').click();
  await page.getByPlaceholder('Search country').fill('Germ');
  await page.getByRole('option', { name: /Germany/ }).click();
  await snap(page, 'continue-register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Listed on /profile, and removable.
  await page.goto('/profile');
  const linked = page.getByRole('list', { name: 'Sign-in providers' });
  await expect(linked.getByText('Peer ID')).toBeVisible();
  await expect(linked.getByText(email, { exact: false })).toBeVisible();
  await linked.scrollIntoViewIfNeeded();
  await snap(page, 'profile-linked-provider');
  await page.getByRole('button', { name: 'Remove Peer ID' }).click();
  await expect(page.getByText('No provider is linked.', { exact: false })).toBeVisible();
  await expect(page.getByText('Sign-in provider removed', { exact: true }).first()).toBeVisible();
});

test('continue with a provider whose e-mail has an account: linked once its password is given', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await registerInvestor(page.request, uniqueName('Lina'));
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
  });
  const other = await context.newPage();
  peer.signInAs({
    sub: `e2e-${owner.email}`,
    email: owner.email,
    email_verified: true,
    name: owner.name,
  });
  await other.goto('/login');
  await other.getByRole('link', { name: 'Continue with Peer ID' }).click();
  await expect(other.getByRole('heading', { name: 'Link Peer ID to your account' })).toBeVisible();
  await other.getByLabel('Password', { exact: true }).fill('not-the-password');
  await other.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(other.getByText('Password is incorrect')).toBeVisible();
  await snap(other, 'continue-link');
  await other.getByLabel('Password', { exact: true }).fill(owner.password);
  await other.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await context.close();
});

test('a provider sign-in refused comes back to /login with the reason', async ({ page }) => {
  const email = uniqueEmail('unverified');
  peer.signInAs({ sub: `e2e-${email}`, email, email_verified: false, name: 'Not Verified' });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Peer ID' }).click();
  await expect(page).toHaveURL(/\/login\?signInError=OIDC_EMAIL_NOT_VERIFIED$/);
  await expect(
    page.getByText('The provider has not verified the e-mail address of this account.', {
      exact: false,
    }),
  ).toBeVisible();
  await snap(page, 'login-provider-refused');
});

test('API tokens on /profile: created, shown once, listed with last use, revoked', async ({
  page,
  playwright,
  baseURL,
}) => {
  const tomas = await registerInvestor(page.request, uniqueName('Tomas'));
  await page.goto('/profile');
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'API tokens' }) });
  await expect(card.getByText('No tokens yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Create token' }).click();
  await expect(card.getByText('Name is required')).toBeVisible();
  await card.getByLabel('Token name').fill('Monthly spreadsheet');
  await card.getByLabel('Expires after').selectOption('90');
  // Making a token asks for the password (issue 38: a session alone does not make one).
  await card.getByLabel('Your password').fill(tomas.password);
  await card.getByRole('button', { name: 'Create token' }).click();

  const shown = card.getByTestId('new-api-token');
  await expect(shown).toBeVisible();
  const token = (await shown.locator('code').innerText()).trim();
  expect(token).toMatch(/^nst_/);
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'api-token-created');

  // A script reads the summary with it.
  const script = await playwright.request.newContext({ baseURL });
  const summary = await script.get('/api/account/summary', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(summary.status()).toBe(200);
  const transfer = await script.post('/api/withdrawals', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(transfer.status()).toBe(403);

  // Shown once: gone after "I have copied it", and not there after a reload.
  await card.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  await page.reload();
  await expect(page.getByText(token)).toHaveCount(0);
  const list = card.getByRole('list', { name: 'Your API tokens' });
  await expect(list.getByText('Monthly spreadsheet')).toBeVisible();
  await expect(list.getByText('last used', { exact: false })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'api-tokens-listed');

  await card.getByRole('button', { name: 'Revoke Monthly spreadsheet' }).click();
  await expect(list.getByText('Revoked')).toBeVisible();
  const after = await script.get('/api/account/summary', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);
  await script.dispose();
});

test('staff see the provider with its secret as "set" only, and can replace it', async ({
  browser,
  baseURL,
}) => {
  const context = await newPersonContext(browser, baseURL);
  await signInAsAdmin(context, baseURL ?? '');
  const page = await context.newPage();
  await page.goto('/admin/users');
  const list = page.getByRole('list', { name: 'Sign-in providers' });
  await expect(list.getByText('Peer ID')).toBeVisible();
  await expect(list.getByText('Secret set')).toBeVisible();
  await expect(page.getByText(peer.clientSecret)).toHaveCount(0);
  await list.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Change the sign-in provider' });
  await expect(form.getByLabel('Client secret', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Provider ID')).toHaveValue(PROVIDER);
  await form.getByLabel('Button name').fill('Peer Identity');
  await form.scrollIntoViewIfNeeded();
  await snap(page, 'admin-provider-edit');
  await form.getByRole('button', { name: 'Save provider' }).click();
  await expect(list.getByText('Peer Identity')).toBeVisible();
  // The stored secret was kept: a sign-in still works.
  const visitor = await newPersonContext(browser, baseURL);
  const signInPage = await visitor.newPage();
  const email = uniqueEmail('kept');
  peer.signInAs({ sub: `e2e-${email}`, email, email_verified: true, name: 'Kept Secret' });
  await signInPage.goto('/login');
  await signInPage.getByRole('link', { name: 'Continue with Peer Identity' }).click();
  await expect(signInPage).toHaveURL(/\/sign-in\/continue$/);
  await visitor.close();
  await context.close();
  await adminCall('PUT', `/api/admin/sign-in-providers/${PROVIDER}`, {
    displayName: 'Peer ID',
    issuerUrl: peer.issuer,
    clientId: peer.clientId,
  });
});
