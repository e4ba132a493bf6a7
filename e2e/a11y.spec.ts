import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import {
  adminApi,
  csrfOf,
  followNetwork,
  registerInvestor,
  seriousAxeViolations,
  signIn,
  signInAsAdmin,
  uniqueName,
  type Investor,
} from './support';
import { READING_PATHS, SIGN_IN_PATHS } from '../apps/web/src/app/visitorPaths';

/**
 * Opens a page, waits until it shows itself (`shown`) and its requests have settled (its data on
 * screen, not its loading state), and fails on any serious or critical axe violation.
 */
async function expectAccessible(page: Page, route: string, shown: () => Promise<void>) {
  const network = followNetwork(page);
  await page.goto(route);
  await shown();
  await network.settled();
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** Every page a visitor can open (the public layout, sign-in pages and the public plans). */
const PUBLIC_ROUTES = [...READING_PATHS, '/plans', '/withdrawals/fee', ...SIGN_IN_PATHS, '/forgot'];

for (const route of PUBLIC_ROUTES) {
  test(`axe finds no serious or critical violation on ${route}`, async ({ page }) => {
    await expectAccessible(page, route, () => expect(page.locator('h1, h2').first()).toBeVisible());
  });
}

/** The signed-in pages of each role; each is checked once it has loaded (network idle). */
const INVESTOR_ROUTES = [
  '/dashboard',
  '/plans',
  '/deposits',
  '/withdrawals',
  '/transactions',
  '/profile',
  '/referrals',
  '/support',
  '/verification',
  '/appropriateness',
];
const TRADER_ROUTES = ['/trader', '/dashboard'];
const ADMIN_ROUTES = [
  '/admin',
  '/admin/users',
  '/admin/users/:investor',
  '/admin/transactions',
  '/admin/approvals',
  '/admin/verifications',
  '/admin/plans',
  '/admin/payment-methods',
  '/admin/strategies',
  '/admin/messages',
  '/admin/outbox',
  '/admin/audit',
  '/admin/profile',
];

/** An active investor, and a lead trader running the Gold plan's strategy, made once per width. */
let investor: Investor;
let trader: Investor;

test.describe('signed in', () => {
  test.beforeAll(async ({ baseURL }) => {
    const base = baseURL ?? '';
    const admin = await adminApi(base);
    const headers = { 'x-csrf-token': await csrfOf(admin) };
    const made: Investor[] = [];
    for (const name of [uniqueName('Ada'), uniqueName('Lena')]) {
      const context = await playwrightRequest.newContext({ baseURL: base });
      const person = await registerInvestor(context, name);
      await context.dispose();
      const activated = await admin.post(`/api/admin/users/${person.id}/activate`, { headers });
      expect(activated.ok()).toBe(true);
      made.push(person);
    }
    [investor, trader] = made as [Investor, Investor];
    expect((await admin.post(`/api/admin/users/${trader.id}/make-trader`, { headers })).ok()).toBe(
      true,
    );
    const { plans } = (await (await admin.get('/api/plans')).json()) as {
      plans: { title: string; strategy: { id: string } | null }[];
    };
    const gold = plans.find((plan) => plan.title === 'Gold')?.strategy?.id;
    if (!gold) throw new Error('no Gold plan strategy');
    const assigned = await admin.post(`/api/admin/strategies/${gold}/lead-trader`, {
      headers,
      data: { userId: trader.id },
    });
    expect(assigned.ok()).toBe(true);
    await admin.dispose();
  });

  const visit = async (page: Page, route: string) => {
    await expectAccessible(page, route.replace(':investor', investor.id), async () => {
      // The page's title is the top bar's h1; the page itself is in main.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main')).not.toBeEmpty();
    });
  };

  for (const route of INVESTOR_ROUTES) {
    test(`axe: investor on ${route}`, async ({ page }) => {
      await signIn(page.context().request, investor.email, investor.password);
      await visit(page, route);
    });
  }
  for (const route of TRADER_ROUTES) {
    test(`axe: lead trader on ${route}`, async ({ page }) => {
      await signIn(page.context().request, trader.email, trader.password);
      await visit(page, route);
    });
  }
  for (const route of ADMIN_ROUTES) {
    test(`axe: admin on ${route}`, async ({ page, baseURL }) => {
      await signInAsAdmin(page.context(), baseURL ?? '');
      await visit(page, route);
    });
  }
});
