import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OwnServer, useOwnServer } from './own-server';
import {
  adminApi,
  approveDeposit,
  csrfOf,
  newPersonContext,
  registerInvestor,
  uniqueName,
  passAppropriateness,
  realtimeHello,
} from './support';

/**
 * Alerts (issue 16) on a market this spec scripts: its own server quotes the prices of a file the
 * test writes (MARKET_SCRIPT_FILE). A lead trader holds the Silver strategy all in BTC; BTC falls
 * 15 % and the investor's copy (10 % stop-loss) is stopped out at the next tick: the open page's
 * bell shows the alert without a reload.
 */
let server: OwnServer;
useOwnServer(
  (made) => (server = made),
  () => OwnServer.withScriptedPrices({ BTCUSDT: '100000.00' }),
);

async function post(api: APIRequestContext, url: string, data: object = {}) {
  const response = await api.post(url, {
    data,
    headers: {
      'x-csrf-token': await csrfOf(api),
      'idempotency-key': globalThis.crypto.randomUUID(),
    },
  });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return response;
}

/** Screenshots for review at this width, outside the repository. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/notify-${test.info().project.name}-${name}.png` });
}

test('a scripted price drop stops a copy out and the bell shows the alert without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await adminApi(server.baseURL);

  // The Silver strategy gets a lead trader, who puts all of it into BTC at $100,000.00.
  const { plans } = (await (await admin.get('/api/plans')).json()) as {
    plans: { id: string; title: string; strategy: { id: string } | null }[];
  };
  const silver = plans.find((p) => p.title === 'Silver');
  if (!silver?.strategy) throw new Error('no Silver plan with a strategy');
  const traderContext = await newPersonContext(browser, server.baseURL);
  const trader = await registerInvestor(traderContext.request, uniqueName('Trader'));
  await post(admin, `/api/admin/users/${trader.id}/activate`);
  await post(admin, `/api/admin/users/${trader.id}/make-trader`);
  await post(admin, `/api/admin/strategies/${silver.strategy.id}/lead-trader`, {
    userId: trader.id,
  });
  // Orders go through the trader's session. The server quotes the file's prices from its first
  // tick on: until then an order is refused with 503 PRICE_UNAVAILABLE, so it is asked again.
  await expect
    .poll(
      async () => {
        const response = await traderContext.request.post('/api/trader/orders', {
          data: { symbol: 'BTCUSDT', side: 'long', targetWeight: '100' },
          headers: { 'x-csrf-token': await csrfOf(traderContext.request) },
        });
        return response.status();
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(200);

  // The investor: activated, a $2,000.00 deposit confirmed by staff (the first alert), and a
  // $1,000.00 copy of Silver with a 10 % stop-loss.
  const context = await newPersonContext(browser, server.baseURL);
  const investor = await registerInvestor(context.request, uniqueName('Noa'));
  await post(admin, `/api/admin/users/${investor.id}/activate`);
  const { methods } = (await (await context.request.get('/api/payment-methods')).json()) as {
    methods: { id: string; kind: string }[];
  };
  const crypto = methods.find((m) => m.kind === 'crypto');
  if (!crypto) throw new Error('no crypto payment method seeded');
  const deposit = await post(context.request, '/api/deposits', {
    methodId: crypto.id,
    amount: '2000',
  });
  const { transaction } = (await deposit.json()) as { transaction: { id: string } };
  // $2,000 is above the four-eyes threshold: the approval waits for the checker admin.
  await approveDeposit(server.baseURL, admin, transaction.id, { waits: true });
  await passAppropriateness(context.request);
  await post(context.request, '/api/trades', {
    planId: silver.id,
    amount: '1000',
    stopLossPct: 10,
  });

  const page = await context.newPage();
  const subscribed = realtimeHello(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('trade-amount')).toHaveText('$1,000.00');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await subscribed;
  await shoot(page, 'bell-one-unread');

  // BTC falls 15 %: the next tick crosses the stop-loss; the page is not reloaded.
  server.setPrices({ BTCUSDT: '85000.00' });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 10_000 });
  await expect(page.getByTestId('trade-amount')).toBeHidden();

  // The list, opened from the keyboard: newest first, in words, with the amounts.
  await bell.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('list', { name: 'Notifications' });
  const stop = list.getByRole('listitem').nth(0);
  await expect(stop).toContainText('Stop-loss: your Silver copy was closed');
  await expect(stop).toContainText('$850.00 of the $1,000.00 you invested');
  await expect(list.getByRole('listitem').nth(1)).toContainText(
    'Your deposit of $2,000.00 is confirmed',
  );
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await shoot(page, 'list-open');

  // Mark one read, then all; Escape closes the list and the bell says nothing is unread.
  await stop.getByRole('button', { name: /^Mark as read/ }).click();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(bell).toBeFocused();

  // The settings on /profile: e-mail per type, money events on by default.
  await page.goto('/profile');
  const stopLossEmail = page.getByRole('checkbox', {
    name: 'E-mail me: Copy closed by its stop-loss',
  });
  await expect(stopLossEmail).toBeChecked();
  await expect(
    page.getByRole('checkbox', { name: 'E-mail me: Strategy paused by the platform' }),
  ).not.toBeChecked();
  await stopLossEmail.uncheck();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expect(stopLossEmail).not.toBeChecked();
  await page.getByRole('heading', { name: 'Notifications' }).scrollIntoViewIfNeeded();
  await shoot(page, 'profile-settings');

  await context.close();
  await traderContext.close();
  await admin.dispose();
});
