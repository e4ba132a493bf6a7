import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  activateAndFund,
  adminApi,
  csrfOf,
  openMenuIfCollapsed,
  passAppropriateness,
  registerInvestor,
  snap,
  uniqueName,
  type Investor,
} from './support';

/**
 * The dashboard arrives as HTML with the reader's own figures (the server renders it for the
 * session the request carries), is never cached, and is taken over by the browser without a
 * hydration mismatch; in another time zone the browser renders it anew, without an error.
 */

async function fundedInvestor(
  api: APIRequestContext,
  baseURL: string,
  first: string,
  amount: string,
): Promise<Investor> {
  const investor = await registerInvestor(api, uniqueName(first));
  const admin = await adminApi(baseURL);
  // Below the four-eyes threshold: the admin's approval books it at once.
  await activateAndFund(baseURL, admin, api, investor.id, amount, { waits: false });
  await passAppropriateness(api);
  return investor;
}

/** The page's text as a reader without scripts gets it. */
async function dashboardHtml(api: APIRequestContext) {
  const response = await api.get('/dashboard', { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
  return { html, text, cacheControl: response.headers()['cache-control'] };
}

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Marks the server's greeting before the scripts run: still marked = hydrated, not rendered anew. */
async function markServerGreeting(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      const greeting = Array.from(document.querySelectorAll('h2')).find((heading) =>
        heading.textContent?.startsWith('Welcome, '),
      );
      if (document.readyState === 'interactive' && greeting) {
        (greeting as HTMLElement & { fromServer?: boolean }).fromServer = true;
      }
    });
  });
}

const greetingFromServer = (page: Page) =>
  page
    .getByRole('heading', { name: /^Welcome, / })
    .evaluate((element) => (element as HTMLElement & { fromServer?: boolean }).fromServer === true);

test("each reader's dashboard HTML holds their own figures, is never cached, and hydrates", async ({
  page,
  browser,
  baseURL,
}) => {
  const ada = await fundedInvestor(page.request, baseURL ?? '', 'Ada', '250');
  // Ada also copies a strategy: her page holds a live trade too.
  const { plans } = (await (await page.request.get('/api/plans')).json()) as {
    plans: { id: string; minCents: number }[];
  };
  const smallest = plans.toSorted((a, b) => a.minCents - b.minCents)[0];
  const invested = await page.request.post('/api/trades', {
    data: { planId: smallest?.id, amount: '100' },
    headers: { 'x-csrf-token': await csrfOf(page.request) },
  });
  expect(invested.status()).toBe(201);
  const otherContext = await browser.newContext({ baseURL: baseURL ?? '' });
  const bo = await fundedInvestor(otherContext.request, baseURL ?? '', 'Bo', '175');

  // Without scripts: each session gets its own page, marked as not to be kept by any cache.
  const first = (investor: Investor) => investor.name.split(' ')[0]!;
  const adaPage = await dashboardHtml(page.request);
  expect(adaPage.cacheControl).toBe('private, no-store');
  // Nothing in it can be pressed before the scripts give its buttons their handlers.
  expect(adaPage.html).toContain('<div id="root" inert>');
  // Readable before its scripts run, so they are not fetched ahead of the stylesheet.
  expect(adaPage.html).not.toContain('rel="modulepreload"');
  // Registered moments ago: welcomed, not welcomed back.
  expect(adaPage.text).toContain(`Welcome, ${first(ada)}`);
  expect(adaPage.text).toContain('Available $150.00');
  expect(adaPage.text).toMatch(/Ongoing Trade .*\$100\.00/);
  expect(adaPage.text).not.toContain(bo.name);
  const boPage = await dashboardHtml(otherContext.request);
  expect(boPage.text).toContain(`Welcome, ${first(bo)}`);
  expect(boPage.text).toContain('Account Balance $175.00');
  expect(boPage.text).toContain('No ongoing trades yet');
  expect(boPage.text).not.toContain(ada.name);
  await otherContext.close();

  // A visitor (or an ended session) gets the app page, which sends them to sign in.
  const visitor = await browser.newContext({ baseURL: baseURL ?? '' });
  const visitorPage = await dashboardHtml(visitor.request);
  expect(visitorPage.text).not.toContain('Welcome, ');
  await visitor.close();

  // In the browser: the server's greeting is kept (hydrated, not rendered anew), no mismatch.
  const problems = watchConsole(page);
  await markServerGreeting(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${first(ada)}` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await greetingFromServer(page)).toBe(true);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  expect(problems).toEqual([]);
  await snap(page, 'rendered');
  // And it answers: Deposit leads on.
  await page.getByRole('link', { name: 'Deposit' }).first().click();
  await expect(page).toHaveURL(/\/deposits$/);
});

test('in another time zone the dashboard is rendered anew, with no error', async ({
  page,
  browser,
  baseURL,
}) => {
  await fundedInvestor(page.request, baseURL ?? '', 'Cy', '90');
  const berlin = await browser.newContext({
    baseURL: baseURL ?? '',
    timezoneId: 'Europe/Berlin',
    storageState: await page.context().storageState(),
  });
  const reader = await berlin.newPage();
  const problems = watchConsole(reader);
  await markServerGreeting(reader);
  await reader.goto('/dashboard');
  await expect(reader.getByText('Account Balance')).toBeVisible();
  await expect(reader.getByText('$90.00').first()).toBeVisible();
  await reader.waitForLoadState('networkidle');
  expect(await greetingFromServer(reader)).toBe(false);
  await expect(reader.locator('#root')).not.toHaveAttribute('inert');
  expect(problems).toEqual([]);
  await berlin.close();
});

test('once the dashboard has settled, the pages its navigation leads to are loaded: following a link fetches no code', async ({
  page,
  baseURL,
}) => {
  await fundedInvestor(page.request, baseURL ?? '', 'Di', '50');
  await page.goto('/dashboard');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  // Fetched once the page is idle after loading (app/warmRoutes.ts), not with the page itself.
  const fetched = () =>
    page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  await expect
    .poll(async () => (await fetched()).some((url) => /\/assets\/TransactionsPage-/.test(url)), {
      timeout: 20_000,
    })
    .toBe(true);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await openMenuIfCollapsed(page);
  await page
    .getByRole('link', { name: 'Transactions', exact: true })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  // (Other pages of the navigation may still be arriving, one per idle moment.)
  expect(scripts.filter((url) => /\/assets\/TransactionsPage-/.test(url))).toEqual([]);
});
