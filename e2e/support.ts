import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

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

/** The newest captured e-mail of a template to an address (the server runs without SMTP). */
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

export function linkIn(mail: OutboxItem): URL {
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
  if (await toggle.isVisible()) await toggle.click();
}
