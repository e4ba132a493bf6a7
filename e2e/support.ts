import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import path from 'node:path';
import { readMailbox, type MailboxMessage } from '../apps/server/src/modules/mail/mailbox';
import { E2E_ADMIN, E2E_DATA_DIR } from '../playwright.config';

/** An API session as the seeded admin (CSRF cookie echoed in the header, as the web app does). */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  await api.get('/api/auth/csrf');
  const csrf = await csrfOf(api);
  const login = await api.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    headers: { 'x-csrf-token': csrf },
  });
  if (!login.ok()) throw new Error(`admin login failed: ${login.status()} ${await login.text()}`);
  return api;
}

export async function csrfOf(api: APIRequestContext): Promise<string> {
  const state = await api.storageState();
  return state.cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
}

interface OutboxItem {
  to: string;
  template: string;
  text: string;
  subject: string;
}

/**
 * The newest e-mail of a template to an address as the admin outbox shows it (redacted: links
 * that grant something are not usable there).
 */
export async function latestMail(
  api: APIRequestContext,
  to: string,
  template: string,
): Promise<OutboxItem> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await api.get('/api/admin/outbox?limit=100');
    const { items } = (await response.json()) as { items: OutboxItem[] };
    const found = items.find((m) => m.to === to && m.template === template);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${template} e-mail to ${to}`);
}

/**
 * The newest e-mail of a template to an address as the recipient received it: the server runs
 * without SMTP, so it writes each message to its development mailbox (DATA_DIR/mailbox).
 */
export async function mailboxMail(to: string, template: string): Promise<MailboxMessage> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const found = (await readMailbox(path.join(E2E_DATA_DIR, 'mailbox'))).filter(
      (m) => m.to === to && m.template === template,
    );
    const last = found[found.length - 1];
    if (last) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${template} e-mail to ${to} in the mailbox`);
}

export function linkIn(mail: { text: string }): URL {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error('no link in e-mail');
  return new URL(match[0]);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Opens the mobile menu first when the sidebar is hidden (phone widths). */
export async function openMenuIfCollapsed(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /open menu/i });
  // Wait until the shell has rendered one or the other (the sidebar's Logout on wide screens).
  const logout = page.getByRole('button', { name: 'Logout' });
  await expect(toggle.or(logout).filter({ visible: true }).first()).toBeVisible();
  if (await toggle.isVisible()) await toggle.click();
}

/** Signs a browser context in through the API (its cookies then serve every page in it). */
export async function signIn(
  api: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  await api.get('/api/auth/csrf');
  const response = await api.post('/api/auth/login', {
    data: { email, password },
    headers: { 'x-csrf-token': await csrfOf(api) },
  });
  if (!response.ok())
    throw new Error(`login failed: ${response.status()} ${await response.text()}`);
}

export interface Investor {
  id: string;
  name: string;
  email: string;
  password: string;
}

/**
 * Registers a new investor through the API in the given context (which is then signed in as
 * them). Sign-up itself is driven through the form in auth.spec.ts; here it is only a setup step.
 */
export async function registerInvestor(api: APIRequestContext, name: string): Promise<Investor> {
  const email = uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? 'investor');
  const password = 'investor-password-123';
  await api.get('/api/auth/csrf');
  const response = await api.post('/api/auth/register', {
    data: { name, email, phone: '+49 30 1234567', country: 'Germany', password },
    headers: { 'x-csrf-token': await csrfOf(api) },
  });
  if (response.status() !== 201) {
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  }
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, name, email, password };
}

/** A unique display name, so a journey finds its own rows on a shared server. */
export function uniqueName(first: string): string {
  return `${first} ${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
}

/**
 * A full-page screenshot for human review, under test-results/screens/<project>/ (never
 * committed). Viewed after a run to catch layout problems a role-based assertion cannot see.
 */
export async function snap(page: Page, name: string): Promise<void> {
  const info = test.info();
  const file = path.basename(info.file, '.spec.ts');
  await page.screenshot({
    path: `test-results/screens/${info.project.name}/${file}-${name}.png`,
    fullPage: true,
  });
}

/**
 * A second browser (another person) at the same width as the running project: browser.newContext
 * does not inherit the project's viewport, touch or baseURL by itself.
 */
export async function newPersonContext(
  browser: Browser,
  baseURL?: string,
): Promise<BrowserContext> {
  const { viewport, hasTouch, isMobile, deviceScaleFactor, userAgent } = test.info().project.use;
  return browser.newContext({
    viewport,
    hasTouch,
    isMobile,
    deviceScaleFactor,
    userAgent,
    baseURL: baseURL ?? test.info().project.use.baseURL,
  });
}
