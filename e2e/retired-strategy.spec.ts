import crypto from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { useOwnServer, type OwnServer } from './own-server';
import {
  approvedLeadTrader,
  adminApi,
  adminContextOn,
  csrfOf,
  newPersonContext,
  snap,
  copierOf,
  offerPlan,
} from './support';

/**
 * A strategy retired while copied (issue 39), on its own server (retiring a strategy must not
 * reach the other journeys' plans): the operator retires it from /admin/strategies; its plan
 * stops selling on /plans, the public strategy page and the copier's trade card say "Retired"
 * and what it means (Add funds off, money can leave), the lead trader's desk says it, and the
 * operator unwinds its position.
 */
let server: OwnServer;

useOwnServer((made) => (server = made));

async function send(api: APIRequestContext, path: string, data: unknown) {
  return api.post(path, {
    headers: { 'x-csrf-token': await csrfOf(api), 'idempotency-key': crypto.randomUUID() },
    data,
  });
}

test('a strategy retired while copied: plans, the public page, the copier’s card, the trader’s desk and the unwind', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const baseURL = server.baseURL;
  const admin = await adminApi(baseURL);

  // An approved lead trader with a strategy holding Bitcoin, offered through a plan.
  const { context: traderContext, name } = await approvedLeadTrader(
    browser,
    baseURL,
    admin,
    'Rita',
    {
      bio: 'Bitcoin trend.',
      experience: 'Seven years.',
    },
  );
  const created = await send(traderContext.request, '/api/trader/strategy', {
    name: `${name} Trend`,
    description: 'Long or flat Bitcoin.',
    instruments: ['BTCUSDT'],
    performanceFeePct: '10',
    minCopy: '100',
    maxCopiers: null,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { strategyId } = (await created.json()) as { strategyId: string };
  // The server's own market may not have priced Bitcoin yet this soon after it started: an order
  // refused PRICE_UNAVAILABLE changes nothing, so it is asked again until the first price is in.
  await expect
    .poll(
      async () => {
        const order = await send(traderContext.request, '/api/trader/orders', {
          symbol: 'BTCUSDT',
          side: 'long',
          targetWeight: '50',
        });
        if (order.ok()) return 'filled';
        const answer = await order.text();
        return answer.includes('PRICE_UNAVAILABLE') ? 'no price yet' : answer;
      },
      { timeout: 30_000 },
    )
    .toBe('filled');
  const planTitle = `${name.split(' ')[1]} trend`;
  const planId = await offerPlan(admin, planTitle, strategyId);

  // A copier invests $500.
  const { context: copierContext } = await copierOf(browser, baseURL, admin, planId, {
    deposit: '900',
    amount: '500',
    waits: false,
  });

  // The operator retires it from /admin/strategies.
  const adminContext = await adminContextOn(browser, baseURL);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/strategies');
  const row = adminPage.locator('tbody tr').filter({ hasText: `${name} Trend` });
  await row.getByRole('button', { name: 'Retire' }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Retire' }).click();
  await expect(row).toContainText('Retired');
  await expect(row.getByRole('button', { name: 'Hand over' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Unwind' })).toBeVisible();
  await snap(adminPage, 'admin-strategies');

  // /admin/plans: the plan is closed, not Active.
  await adminPage.goto('/admin/plans');
  const planRow = adminPage.locator('tbody tr').filter({ hasText: planTitle });
  await expect(planRow).toContainText('Closed: strategy retired');
  await snap(adminPage, 'admin-plans');

  // /plans: the copier's plan says Retired, offers no Invest Now, and its Add funds is off.
  const copierPage = await copierContext.newPage();
  await copierPage.goto('/plans');
  const card = copierPage.getByRole('article', { name: planTitle });
  await expect(card.getByTestId('plan-closed')).toContainText(
    'Retired: not open to new investment.',
  );
  await expect(card.getByRole('button', { name: 'Invest Now' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Add funds' })).toBeDisabled();
  await expect(card).toContainText('The strategy is retired: no money can be added.');
  await snap(copierPage, 'plans');

  // The copier's trade card: Retired, what it means, Add funds off, money can leave.
  await copierPage.goto('/dashboard');
  const trade = copierPage.getByTestId('ongoing-trade');
  await expect(trade.getByTestId('strategy-status-note')).toContainText(
    'is retired: it takes no new money',
  );
  await expect(trade.getByRole('button', { name: 'Add funds' })).toBeDisabled();
  await expect(trade.getByTestId('no-add-funds')).toHaveText(
    'The strategy is retired: no money can be added.',
  );
  await expect(trade.getByRole('button', { name: 'Remove funds' })).toBeEnabled();
  await expect(trade.getByRole('button', { name: 'Close Trade' })).toBeEnabled();
  await snap(copierPage, 'copier-card');

  // The public strategy page, as a visitor.
  const visitorContext = await newPersonContext(browser, baseURL);
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto(`/strategies/${strategyId}`);
  await expect(visitorPage.getByTestId('strategy-retired')).toContainText(
    'This strategy takes no new copies.',
  );
  await snap(visitorPage, 'public-page');

  // The lead trader's desk says it, and takes only an order that reduces.
  const traderPage = await traderContext.newPage();
  await traderPage.goto('/trader');
  await expect(traderPage.getByTestId('desk-retired')).toContainText(
    '1 copy is still open and follows it until its owner closes it',
  );
  // Growing it is refused at Review, with the reason, before any confirmation.
  const orderForm = traderPage
    .locator('form')
    .filter({ has: traderPage.getByLabel('Target weight') });
  await orderForm.getByLabel('Instrument').selectOption('BTCUSDT');
  await orderForm.getByRole('radio', { name: 'Long' }).check({ force: true });
  await orderForm.getByLabel('Target weight').fill('80');
  await orderForm.getByRole('button', { name: 'Review order' }).click();
  await expect(orderForm).toContainText(
    'This strategy is retired: an order may only reduce its BTCUSDT position',
  );
  await expect(traderPage.getByRole('dialog')).toHaveCount(0);
  const grow = await send(traderContext.request, '/api/trader/orders', {
    symbol: 'BTCUSDT',
    side: 'long',
    targetWeight: '80',
  });
  expect(grow.status()).toBe(409);
  await snap(traderPage, 'trader-desk');

  // The operator unwinds it: the Bitcoin position closed at the market price.
  await adminPage.goto('/admin/strategies');
  await row.getByRole('button', { name: 'Unwind' }).click();
  const unwind = adminPage.getByRole('dialog', { name: `Unwind ${name} Trend` });
  await snap(adminPage, 'unwind');
  await unwind.getByRole('button', { name: 'Close position' }).click();
  await expect(adminPage.getByText('BTCUSDT position closed')).toBeVisible();
  await expect(unwind.getByText('It holds no positions: everything is in cash.')).toBeVisible();

  await visitorContext.close();
  await copierContext.close();
  await adminContext.close();
  await traderContext.close();
  await admin.dispose();
});
