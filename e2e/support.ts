import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import { readMailbox, type MailboxMessage } from '../apps/server/src/modules/mail/mailbox';
import { E2E_ADMIN, E2E_DATA_DIR } from '../playwright.config';

/**
 * Waits for a condition, never for a time (the browser journeys' counterpart of
 * packages/shared/src/test/eventually.ts): retries `read` until it returns something other than
 * `undefined` or `false`, and returns it. Built on Playwright's `toPass`.
 */
export async function eventually<T>(
  read: () => T | Promise<T>,
  message: string,
  options: { timeout?: number } = {},
): Promise<Exclude<T, undefined | false>> {
  let value: T | undefined;
  await expect(async () => {
    value = await read();
    expect(value, message).not.toBe(undefined);
    expect(value, message).not.toBe(false);
  }).toPass({ timeout: options.timeout ?? 10_000, intervals: [25, 50, 100, 250] });
  return value as Exclude<T, undefined | false>;
}

/**
 * Follows a page's HTTP requests from now on (call it before navigating): `settled` resolves once
 * none has been in flight for `quietMs`. The pages' requests come in chains (the route's code,
 * its translations, its queries) a few milliseconds apart; Playwright's `networkidle` waits a
 * fixed 500 ms after the last one, this 150 ms. The live-update WebSocket is not a request.
 */
export function followNetwork(page: Page): { settled: (quietMs?: number) => Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => () => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return {
    settled: async (quietMs = 150) => {
      await eventually(
        () => inFlight === 0 && Date.now() - lastChange >= quietMs,
        'the page has a request in flight',
        { timeout: 30_000 },
      );
    },
  };
}

/**
 * Resolves when the page's realtime socket says hello (it is subscribed from then on): call it
 * before navigating, then await it before a change the page should show without a reload.
 */
export function realtimeHello(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"hello"')) resolve();
      });
    });
  });
}

/**
 * Counts the realtime events of one type (`prices`, `navs`…) the page receives from now on: call
 * it before navigating, then wait for the count to grow to see the page after the next one.
 */
export function followRealtime(page: Page, type: string): { received: () => number } {
  let received = 0;
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes(`"type":"${type}"`)) received += 1;
    });
  });
  return { received: () => received };
}

/**
 * Resolves once the page's main thread is idle (its rendering and hydration done): the moment a
 * "nothing went wrong" assertion can look, instead of after a fixed time.
 */
export async function pageIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

/**
 * Runs axe (WCAG 2.1 A/AA and best practices) on the page as it is now and returns its serious
 * and critical violations, short enough to read in a failed assertion.
 */
export async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // axe.run in the page itself. The default runs axe in every frame and then opens a blank page
    // to merge their results: 1.0-1.4 s an analysis against 0.4-0.6 s, and the app has no frames.
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

type Cookies = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'];

/**
 * Signs a context in as a user with two-factor sign-in, the way a person does: the password, then
 * a code from the authenticator. An account without two-factor yet is enrolled first (setup, then
 * enable with a code), as an admin must before any admin action. Returns the TOTP secret.
 */
export async function signInWithTwoFactor(
  api: APIRequestContext,
  email: string,
  password: string,
  knownSecret?: string,
): Promise<string> {
  await api.get('/api/auth/csrf');
  const post = async (url: string, data: object = {}) =>
    api.post(url, { data, headers: { 'x-csrf-token': await csrfOf(api) } });
  const first = await post('/api/auth/login', { email, password });
  if (!first.ok()) throw new Error(`login failed: ${first.status()} ${await first.text()}`);
  if (((await first.json()) as { status: string }).status === 'ok') {
    const setup = await post('/api/auth/2fa/setup');
    if (!setup.ok()) throw new Error(`2fa setup failed: ${setup.status()} ${await setup.text()}`);
    const { secret } = (await setup.json()) as { secret: string };
    const enable = await post('/api/auth/2fa/enable', { otp: await generate({ secret }) });
    if (!enable.ok())
      throw new Error(`2fa enable failed: ${enable.status()} ${await enable.text()}`);
    return secret;
  }
  if (!knownSecret) throw new Error(`${email} has two-factor on and no known secret`);
  // A code works once: try this step and the next (±1 step is accepted), else wait for a new one.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const now = Math.floor(Date.now() / 1000);
    for (const epoch of [now + 30, now]) {
      const otp = await generate({ secret: knownSecret, epoch });
      const login = await post('/api/auth/login', { email, password, otp });
      if (login.ok()) return knownSecret;
    }
    const step = Math.floor(now / 30);
    await eventually(() => Math.floor(Date.now() / 30_000) > step, 'a new TOTP step', {
      timeout: 35_000,
    });
  }
  throw new Error(`login with a second factor failed for ${email}`);
}

/** What a state file (adminStateFile, checkerStateFile) holds; nothing when it is not there yet. */
function readSavedState<T extends object>(file: string): Partial<T> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<T>;
  } catch {
    return {};
  }
}

/** An API session on saved cookies. */
function savedSession(baseURL: string, cookies: Cookies): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, storageState: { cookies, origins: [] } });
}

/** Whether the session is (still) an admin's with two-factor on, as every admin needs. */
async function isTwoFactorAdmin(api: APIRequestContext): Promise<boolean> {
  const me = await api.get('/api/auth/me');
  if (!me.ok()) return false;
  const { user } = (await me.json()) as { user?: { isAdmin: boolean; twoFactorEnabled: boolean } };
  return user?.isAdmin === true && user.twoFactorEnabled;
}

/** Where the seeded admin's session and TOTP secret are kept for one server (by its port). */
function adminStateFile(baseURL: string): string {
  return path.join('.tmp', `e2e-admin-${new URL(baseURL).port || '80'}.json`);
}

/**
 * The seeded admin's session cookies (two-factor on, as every admin needs): one sign-in per
 * server, reused while it lasts, so the specs do not spend a TOTP step per login.
 */
export async function adminSessionCookies(baseURL: string): Promise<Cookies> {
  const file = adminStateFile(baseURL);
  const saved = readSavedState<{ secret?: string; cookies?: Cookies }>(file);
  if (saved.cookies) {
    const probe = await savedSession(baseURL, saved.cookies);
    const stillAdmin = await isTwoFactorAdmin(probe);
    await probe.dispose();
    if (stillAdmin) return saved.cookies;
  }
  const api = await playwrightRequest.newContext({ baseURL });
  const secret = await signInWithTwoFactor(api, E2E_ADMIN.email, E2E_ADMIN.password, saved.secret);
  const { cookies } = await api.storageState();
  await api.dispose();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ secret, cookies }));
  return cookies;
}

/** An API session as the seeded admin (CSRF cookie echoed in the header, as the web app does). */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  return savedSession(baseURL, await adminSessionCookies(baseURL));
}

/** Where the checker admin (see checkerApi) is kept for one server (by its port). */
function checkerStateFile(baseURL: string): string {
  return path.join('.tmp', `e2e-checker-${new URL(baseURL).port || '80'}.json`);
}

/** A mutating API call (CSRF echoed, a fresh Idempotency-Key); fails unless 2xx. */
export async function sendAs(
  api: APIRequestContext,
  method: 'post' | 'put',
  url: string,
  data: object = {},
): Promise<Record<string, unknown>> {
  const response = await api[method](url, {
    data,
    headers: { 'x-csrf-token': await csrfOf(api), 'idempotency-key': crypto.randomUUID() },
  });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/**
 * A second admin with two-factor on, made once per server and reused: what the seeded admin asks
 * that waits for a second admin (a deposit approval above the threshold, making someone an admin)
 * is approved through it (approveAsChecker). It is made while the seeded admin is the only admin,
 * so making it does not itself wait.
 */
export async function checkerApi(baseURL: string): Promise<APIRequestContext> {
  const file = checkerStateFile(baseURL);
  const saved = readSavedState<{ cookies?: Cookies }>(file);
  if (saved.cookies) {
    const api = await savedSession(baseURL, saved.cookies);
    if (await isTwoFactorAdmin(api)) return api;
    await api.dispose();
  }
  const api = await playwrightRequest.newContext({ baseURL });
  const person = await registerInvestor(api, uniqueName('Chris'));
  const admin = await adminApi(baseURL);
  await sendAs(admin, 'post', `/api/admin/users/${person.id}/activate`);
  const grant = await sendAs(admin, 'post', `/api/admin/users/${person.id}/make-admin`);
  await admin.dispose();
  if ('approval' in grant) {
    throw new Error('the checker admin must be made while the seeded admin is the only admin');
  }
  await signInWithTwoFactor(api, person.email, person.password);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ cookies: (await api.storageState()).cookies }));
  return api;
}

/**
 * The checker admin approves what an admin action answered when it waits for a second admin
 * (HTTP 202, `{ approval }`); an answer that did not wait is left as it is.
 */
export async function approveAsChecker(
  baseURL: string,
  answer: Record<string, unknown>,
): Promise<void> {
  const approval = answer.approval as { id: string } | undefined;
  if (!approval) return;
  const checker = await checkerApi(baseURL);
  await sendAs(checker, 'post', `/api/admin/approvals/${approval.id}/approve`);
  await checker.dispose();
}

/** A waiting approval as GET /api/admin/approvals lists it (the fields the journeys look at). */
export interface PendingApproval {
  id: string;
  kind: string;
  /** Whose money it is (or who is to be made admin); null for a setting change. */
  user: { id: string; name: string } | null;
  /** The TNX id of the deposit or withdrawal waiting. */
  transactionId: string | null;
  change: { setting: string; from: string; to: string } | null;
}

/**
 * The checker admin approves the one waiting approval that `matches` (one asked for through the
 * web app, whose 202 answer the journey does not see); fails unless exactly one matches.
 */
export async function approvePendingAsChecker(
  baseURL: string,
  matches: (approval: PendingApproval) => boolean,
): Promise<void> {
  const checker = await checkerApi(baseURL);
  const response = await checker.get('/api/admin/approvals?status=pending');
  const { items } = (await response.json()) as { items: PendingApproval[] };
  const found = items.filter(matches);
  if (found.length !== 1) {
    await checker.dispose();
    throw new Error(`${found.length} waiting approvals match, not 1: ${JSON.stringify(items)}`);
  }
  await sendAs(checker, 'post', `/api/admin/approvals/${found[0]!.id}/approve`);
  await checker.dispose();
}

/** Signs a browser context (its pages and its `request`) in as the seeded admin. */
export async function signInAsAdmin(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies(await adminSessionCookies(baseURL));
}

/** The seeded admin in a browser context of their own (newPersonContext), signed in. */
export async function adminContextOn(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await newPersonContext(browser, baseURL);
  await signInAsAdmin(context, baseURL);
  return context;
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
  return eventually(async () => {
    const response = await api.get('/api/admin/outbox?limit=100');
    const { items } = (await response.json()) as { items: OutboxItem[] };
    return items.find((m) => m.to === to && m.template === template);
  }, `no ${template} e-mail to ${to}`);
}

/**
 * The newest e-mail of a template to an address as the recipient received it: the server runs
 * without SMTP, so it writes each message to its development mailbox (DATA_DIR/mailbox).
 */
export async function mailboxMail(
  to: string,
  template: string,
  /** The data directory of the server that sent it (a server of the journey's own). */
  dataDir: string = E2E_DATA_DIR,
): Promise<MailboxMessage> {
  return eventually(async () => {
    const found = (await readMailbox(path.join(dataDir, 'mailbox'))).filter(
      (m) => m.to === to && m.template === template,
    );
    return found.at(-1);
  }, `no ${template} e-mail to ${to} in the mailbox`);
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

/** As the admin: activate an account (answered 2xx). */
export async function activateAccount(admin: APIRequestContext, userId: string): Promise<void> {
  await sendAs(admin, 'post', `/api/admin/users/${userId}/activate`);
}

/** A deposit's transaction: its row id and the reference the investor sees (TNX-…). */
export interface DepositTransaction {
  id: string;
  transactionId: string;
}

/** The investor asks to deposit `amount` dollars by the seeded crypto method: its transaction. */
export async function depositByCrypto(
  investor: APIRequestContext,
  amount: string,
): Promise<DepositTransaction> {
  const { methods } = (await (await investor.get('/api/payment-methods')).json()) as {
    methods: { id: string; kind: string }[];
  };
  const method = methods.find((m) => m.kind === 'crypto');
  if (!method) throw new Error('no crypto payment method seeded');
  const deposit = await investor.post('/api/deposits', {
    headers: { 'x-csrf-token': await csrfOf(investor), 'idempotency-key': crypto.randomUUID() },
    data: { methodId: method.id, amount },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  return ((await deposit.json()) as { transaction: DepositTransaction }).transaction;
}

/**
 * As the admin: activate the investor's account; the investor deposits `amount` dollars by crypto
 * and the admin confirms it arrived. Above the four-eyes threshold ($1,000.00) the approval
 * `waits` for the checker admin, who approves it too (approveDeposit).
 */
export async function activateAndFund(
  baseURL: string,
  admin: APIRequestContext,
  investor: APIRequestContext,
  userId: string,
  amount: string,
  { waits }: { waits: boolean },
): Promise<DepositTransaction> {
  await activateAccount(admin, userId);
  const transaction = await depositByCrypto(investor, amount);
  await approveDeposit(baseURL, admin, transaction.id, { waits });
  return transaction;
}

/** The body of a withdrawal of `amount` dollars by bank transfer to a test account in `accountName`. */
export function bankWithdrawal(accountName: string, amount: string) {
  return {
    method: 'bank',
    accountNumber: '12345678',
    accountName,
    bankName: 'Analytical Bank',
    swiftCode: 'ANLYGB2L',
    routingNumber: '021000021',
    amount,
  };
}

/** The row of a table (a card on phones) that mentions all of the given texts. */
export function rowWith(page: Page, ...texts: string[]): Locator {
  let rows = page.locator('tbody tr');
  for (const text of texts) rows = rows.filter({ hasText: text });
  return rows;
}

/**
 * As an admin: opens /admin/transactions and presses `action` on a transaction's row (rowWith).
 * Answers the dialog it opens.
 */
export async function openTransactionAction(row: Locator, action: string): Promise<Locator> {
  const page = row.page();
  await page.goto('/admin/transactions');
  await row.getByRole('button', { name: action }).click();
  return page.getByRole('dialog');
}

/**
 * A new investor in a browser context of their own (signed in), activated, funded with `deposit`
 * dollars (activateAndFund) and through the appropriateness check: ready to invest.
 */
export async function readyInvestor(
  browser: Browser,
  baseURL: string,
  admin: APIRequestContext,
  first: string,
  deposit: string,
  { waits }: { waits: boolean },
): Promise<{ context: BrowserContext; investor: Investor }> {
  const context = await newPersonContext(browser, baseURL);
  const investor = await registerInvestor(context.request, uniqueName(first));
  await activateAndFund(baseURL, admin, context.request, investor.id, deposit, { waits });
  await passAppropriateness(context.request);
  return { context, investor };
}

/**
 * On /plans: types `amount` into a plan's card and presses Invest Now. Answers the confirmation
 * dialog that opens when the amount is accepted.
 */
export async function investNow(card: Locator, amount: string): Promise<Locator> {
  await card.getByLabel('Amount').fill(amount);
  await card.getByRole('button', { name: 'Invest Now' }).click();
  return card.page().getByRole('dialog', { name: 'Confirm your investment' });
}

/** The investor copies a plan with `amount` dollars: the trade opened (answered 201). */
export async function invest(
  investor: APIRequestContext,
  planId: string,
  amount: string,
): Promise<{ id: string }> {
  const response = await investor.post('/api/trades', {
    headers: { 'x-csrf-token': await csrfOf(investor), 'idempotency-key': crypto.randomUUID() },
    data: { planId, amount },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { trade: { id: string } }).trade;
}

/** As the admin: offers a strategy through a plan of `title` ($100 to $5,000 for 30 days): its id. */
export async function offerPlan(
  admin: APIRequestContext,
  title: string,
  strategyId: string,
): Promise<string> {
  const response = await admin.post('/api/admin/plans', {
    headers: { 'x-csrf-token': await csrfOf(admin) },
    data: { title, min: '100', max: '5000', termDays: 30, strategyId },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { plan: { id: string } }).plan.id;
}

/**
 * A copier: a ready investor named Copier (readyInvestor, funded with `deposit` dollars, the
 * approval waiting for the checker admin above the threshold) who copies the plan with `amount`.
 */
export async function copierOf(
  browser: Browser,
  baseURL: string,
  admin: APIRequestContext,
  planId: string,
  { deposit, amount, waits }: { deposit: string; amount: string; waits: boolean },
): Promise<{ context: BrowserContext; investor: Investor; trade: { id: string } }> {
  const { context, investor } = await readyInvestor(browser, baseURL, admin, 'Copier', deposit, {
    waits,
  });
  const trade = await invest(context.request, planId, amount);
  return { context, investor, trade };
}

/**
 * An approved lead trader in a browser context of their own: registered as `first` and a unique
 * surname (`name`, also the display name), activated, applied with `about` and approved by the
 * admin, all through the API (the programme's screens are walked in trader-programme.spec.ts).
 */
export async function approvedLeadTrader(
  browser: Browser,
  baseURL: string,
  admin: APIRequestContext,
  first: string,
  about: { bio: string; experience: string },
): Promise<{ context: BrowserContext; trader: Investor; name: string }> {
  const context = await newPersonContext(browser, baseURL);
  const name = uniqueName(first);
  const trader = await registerInvestor(context.request, name);
  await activateAccount(admin, trader.id);
  const { application } = (await sendAs(context.request, 'post', '/api/trader-applications', {
    displayName: name,
    ...about,
    acceptRules: true,
  })) as { application: { id: string } };
  await sendAs(admin, 'post', `/api/admin/trader-applications/${application.id}/approve`, {
    reason: 'Checked',
  });
  return { context, trader, name };
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

/**
 * Knowing answers to the default questionnaire (version 1): the appropriateness check passes.
 * The check itself is walked through in appropriateness.spec.ts.
 */
export const KNOWING_ANSWERS = {
  copy_experience: 'regularly',
  crypto_experience: 'regularly',
  shared_losses: 'loses_too',
  volatility: 'fall_fast',
  past_performance: 'history_only',
} as const;

/**
 * As the signed-in investor of `api`: take the appropriateness check that the server asks for
 * before the first copy trade (setup for journeys about something else).
 */
export async function passAppropriateness(api: APIRequestContext): Promise<void> {
  const mine = await api.get('/api/appropriateness');
  const { questionnaire } = (await mine.json()) as { questionnaire: { version: number } };
  const response = await api.post('/api/appropriateness', {
    headers: { 'x-csrf-token': await csrfOf(api) },
    data: { version: questionnaire.version, answers: KNOWING_ANSWERS },
  });
  if (!response.ok()) {
    throw new Error(`appropriateness failed: ${response.status()} ${await response.text()}`);
  }
}

/**
 * The operator sets a withdrawal fee of `pct` % (a fresh install charges none), as an admin does
 * in /admin; the journeys that show a fee deducted from a payout set the seed's example, 10 %.
 * Raising the fee waits for a second admin (202): the checker admin approves it; the fee the
 * server then publishes is checked, so a change that did not take effect fails here.
 */
export async function setWithdrawalFee(baseURL: string, pct: string): Promise<void> {
  const admin = await adminApi(baseURL);
  const listed = await admin.get('/api/admin/payment-methods');
  const { methods } = (await listed.json()) as {
    methods: { id: string; retiredAt: string | null }[];
  };
  const approvals: Record<string, unknown>[] = [];
  for (const method of methods.filter((candidate) => candidate.retiredAt === null)) {
    const response = await admin.patch(`/api/admin/payment-methods/${method.id}`, {
      data: { withdrawalFeePct: pct },
      headers: { 'x-csrf-token': await csrfOf(admin), 'idempotency-key': crypto.randomUUID() },
    });
    if (!response.ok()) {
      throw new Error(`setting the withdrawal fee: ${response.status()} ${await response.text()}`);
    }
    if (response.status() === 202)
      approvals.push((await response.json()) as Record<string, unknown>);
  }
  await admin.dispose();
  for (const answer of approvals) await approveAsChecker(baseURL, answer);
  const published = await playwrightRequest.newContext({ baseURL });
  const fees = (await (await published.get('/api/settings/fees')).json()) as {
    methods: { label: string; feePct: string }[];
  };
  await published.dispose();
  for (const method of fees.methods) {
    if (Number(method.feePct) !== Number(pct)) {
      throw new Error(`the withdrawal fee of ${method.label} is ${method.feePct} %, not ${pct} %`);
    }
  }
}

/**
 * The seeded admin approves a deposit. Above the four-eyes threshold ($1,000.00 by default,
 * counting what one admin approved alone for the same user in the last 24 hours) the answer is
 * 202 with a waiting approval and nothing is booked; the checker admin then approves it.
 * `waits` is what the journey expects, so a threshold that stopped applying fails the journey.
 */
export async function approveDeposit(
  baseURL: string,
  admin: APIRequestContext,
  transactionId: string,
  { waits }: { waits: boolean },
): Promise<void> {
  const response = await admin.post(`/api/admin/deposits/${transactionId}/approve`, {
    headers: { 'x-csrf-token': await csrfOf(admin), 'idempotency-key': crypto.randomUUID() },
  });
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status(), JSON.stringify(body)).toBe(waits ? 202 : 200);
  if (waits) {
    expect(body.approval, 'a waiting approval').toBeTruthy();
    await approveAsChecker(baseURL, body);
  }
}

/**
 * The Silver plan's strategy gets a lead trader, who puts all of it into BTC: from then on one
 * unit is worth BTC's price / 100,000 (NAV 1 at $100,000.00), and its built-in trader is silent.
 * For a server of its own with a scripted market (OwnServer.withScriptedPrices): the journeys of
 * a copy's life, real (copy-life.spec.ts) and practice (practice.spec.ts).
 */
export async function silverAllInBitcoin(browser: Browser, baseURL: string): Promise<void> {
  const admin = await adminApi(baseURL);
  const { plans } = (await (await admin.get('/api/plans')).json()) as {
    plans: { title: string; strategy: { id: string } | null }[];
  };
  const silver = plans.find((p) => p.title === 'Silver');
  if (!silver?.strategy) throw new Error('no Silver plan with a strategy');
  const traderContext = await newPersonContext(browser, baseURL);
  const trader = await registerInvestor(traderContext.request, uniqueName('Lead'));
  await sendAs(admin, 'post', `/api/admin/users/${trader.id}/activate`);
  await sendAs(admin, 'post', `/api/admin/users/${trader.id}/make-trader`);
  await sendAs(admin, 'post', `/api/admin/strategies/${silver.strategy.id}/lead-trader`, {
    userId: trader.id,
  });
  // Until the server's first tick has quoted the file's prices, an order is refused (503
  // PRICE_UNAVAILABLE): it is asked again.
  await expect
    .poll(
      async () =>
        (
          await traderContext.request.post('/api/trader/orders', {
            data: { symbol: 'BTCUSDT', side: 'long', targetWeight: '100' },
            headers: { 'x-csrf-token': await csrfOf(traderContext.request) },
          })
        ).status(),
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(200);
  const { strategies } = (await (await admin.get('/api/strategies')).json()) as {
    strategies: { id: string; nav: string }[];
  };
  const nav = strategies.find((candidate) => candidate.id === silver.strategy?.id)?.nav;
  expect(Number(nav), 'the NAV the copy is opened at').toBe(1);
  await traderContext.close();
  await admin.dispose();
}
