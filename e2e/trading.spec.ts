import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './fixtures';
import {
  activateAndFund,
  csrfOf,
  eventually,
  followRealtime,
  snap,
  uniqueEmail,
  passAppropriateness,
  investNow,
} from './support';

const PASSWORD = 'trading-password-123';

/** "$1,234.56" → 123456 (cents), from the text the page shows. */
function cents(text: string): number {
  const match = /(-?)\$([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const value = Number(match[2]?.replace(/,/g, '')) * 100 + Number(match[3]);
  return match[1] === '-' ? -value : value;
}

async function register(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Casey Copier');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('+44 20 7946 0000');
  await page.getByLabel('Country').click();
  await page.getByPlaceholder('Search country').fill('United Kingdom');
  await page
    .getByRole('option', { name: /United Kingdom/ })
    .first()
    .click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * As the admin: activate the new account (found by its e-mail); the investor deposits $2,000 and
 * the admin confirms it arrived; that much waits for a second admin, the checker admin, who
 * approves it too. Then the investor passes the appropriateness check.
 */
async function activateFundAndQualify(
  baseURL: string,
  admin: APIRequestContext,
  investor: APIRequestContext,
  email: string,
) {
  const list = await admin.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  const { users } = (await list.json()) as { users: { id: string; email: string }[] };
  const user = users.find((u) => u.email === email);
  if (!user) throw new Error(`user ${email} not found`);
  await activateAndFund(baseURL, admin, investor, user.id, '2000', { waits: true });
  await passAppropriateness(investor);
}

test('a funded investor copies a strategy with $1,000, watches it move with the market, claims its profit, and closes it back into the balance', async ({
  page,
  baseURL,
  admin,
}) => {
  // The market decides when a copy is in profit to claim: up to a minute more than the rest.
  test.setTimeout(240_000);
  const email = uniqueEmail('copier');
  await register(page, email);
  await activateFundAndQualify(baseURL ?? '', admin, page.request, email);
  const ticks = followRealtime(page, 'prices');

  // The plans, with their real past figures and the risk warning.
  await page.goto('/plans');
  await expect(page.getByRole('heading', { name: 'Choose a Plan' })).toBeVisible();
  await expect(page.getByText('Copy trading involves risk.').first()).toBeVisible();
  const silver = page.getByRole('article', { name: 'Silver' });
  await expect(silver.getByText('30-day return')).toBeVisible();
  await expect(page.getByTestId('available')).toHaveText('$2,000.00');

  // Client validation first, then the confirmation before any money moves.
  await silver.getByRole('button', { name: 'Invest Now' }).click();
  await expect(silver.getByText('Amount is required')).toBeVisible();
  await investNow(silver, '500');
  await expect(silver.getByText('Amount must be greater than or equal to $1,000')).toBeVisible();
  const confirm = await investNow(silver, '1000');
  await expect(confirm.getByText('$1,000.00')).toBeVisible();
  await expect(confirm.getByText(/Past performance is not a reliable indicator/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm and invest' }).click();
  await expect(page.getByText('Trade created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The trade is live: its value follows the strategy's NAV as prices tick (about every second).
  await expect(page.getByTestId('trade-amount')).toHaveText('$1,000.00');
  await expect(page.getByTestId('ongoing-trade')).toContainText('Silver');
  await expect(page.getByRole('heading', { name: 'Crypto Currency Market' })).toBeVisible();
  await expect(page.getByText('Simulated market data').first()).toBeVisible();
  const value = page.getByTestId('trade-value');
  const profit = page.getByTestId('trade-profit');
  const firstValue = await value.innerText();
  const firstProfit = await profit.innerText();
  await expect
    .poll(async () => `${await value.innerText()} ${await profit.innerText()}`, {
      timeout: 60_000,
      intervals: [1_000],
    })
    .not.toBe(`${firstValue} ${firstProfit}`);
  // Profit is value − amount, whatever the market did (both read from one render: a tick between
  // two separate reads would pair one tick's value with the next one's profit).
  await expect
    .poll(async () => {
      const [shownValue, shownProfit] = await page.evaluate(() => [
        document.querySelector('[data-testid="trade-value"]')?.textContent ?? '',
        document.querySelector('[data-testid="trade-profit"]')?.textContent ?? '',
      ]);
      return Math.abs(cents(shownValue ?? '') - 100_000 - cents(shownProfit ?? ''));
    })
    .toBeLessThanOrEqual(1);
  // A second copy in another plan: the plan already held offers no second trade in it.
  await page.goto('/plans');
  await expect(page.getByText(/You have an open trade in Silver\./)).toBeVisible();
  await expect(silver.getByRole('button', { name: 'Add funds' })).toBeEnabled();
  await expect(silver.getByRole('button', { name: 'Invest Now' })).toHaveCount(0);
  const basic = page.getByRole('article', { name: 'Basic' });
  const confirmBasic = await investNow(basic, '500');
  await confirmBasic.getByRole('button', { name: 'Confirm and invest' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Ongoing Trades (2)' })).toBeVisible();
  const cards = page.getByTestId('ongoing-trade');
  await expect(cards).toHaveCount(2);
  // Newest first.
  await expect(cards.nth(0)).toContainText('Basic');
  await expect(cards.nth(1)).toContainText('Silver');

  // Every figure on the screen adds up, at every tick: the Account Balance is available + held +
  // the open trades' values, whose sum "In open trades" shows.
  for (let tick = 0; tick < 3; tick++) {
    const shown = await page.evaluate(() => ({
      balance: document.querySelector('[data-testid="balance"]')?.textContent ?? '',
      openTrades: document.querySelector('[data-testid="open-trades-value"]')?.textContent ?? '',
      values: Array.from(
        document.querySelectorAll('[data-testid="trade-value"]'),
        (node) => node.textContent ?? '',
      ),
    }));
    const values = shown.values.map(cents);
    const sum = values.reduce((total, value) => total + value, 0);
    expect(values).toHaveLength(2);
    expect(cents(shown.openTrades)).toBe(sum);
    // Available is the $500 left of the $2,000 deposit; nothing is on hold.
    expect(cents(shown.balance), JSON.stringify(shown)).toBe(50_000 + sum);
    const seen = ticks.received();
    await eventually(() => ticks.received() > seen, 'the next price tick');
  }
  await snap(page, 'dashboard-figures-add-up');

  // A take-profit on the Basic copy: $500.00 in, it closes by itself once worth $750.00.
  const basicCard = cards.filter({ hasText: 'Basic' });
  await basicCard.getByRole('button', { name: 'Set a take-profit' }).click();
  const takeProfit = page.getByRole('dialog', { name: 'Take-profit' });
  await takeProfit.getByLabel('Take-profit').fill('50');
  await snap(page, 'take-profit-dialog');
  await takeProfit.getByRole('button', { name: 'Save' }).click();
  await expect(basicCard.getByTestId('take-profit')).toHaveText(
    /^Take-profit 50%: the trade closes by itself once its value reaches \$750\.00\./,
  );

  // Add funds to the Silver copy: $200 more, confirmed with the units it buys; its amount is now
  // $1,200.00 and $300.00 is left available.
  const silverCard = cards.filter({ hasText: 'Silver' });
  await silverCard.getByRole('button', { name: 'Add funds' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add funds to your Silver trade' });
  await addDialog.getByLabel('Amount to add').fill('5000');
  await addDialog.getByRole('button', { name: 'Review' }).click();
  await expect(addDialog.getByText(/you can add up to \$3,999 to this one/)).toBeVisible();
  await addDialog.getByLabel('Amount to add').fill('200');
  await addDialog.getByRole('button', { name: 'Review' }).click();
  await expect(addDialog.getByTestId('funds-amount-after')).toHaveText('$1,200.00');
  await snap(page, 'add-funds-confirm');
  await addDialog.getByRole('button', { name: 'Add funds' }).click();
  await expect(page.getByText('$200.00 added to your Silver trade')).toBeVisible();
  await expect(silverCard.getByTestId('trade-amount')).toHaveText('$1,200.00');

  // Silver must keep its $1,000 minimum: taking $300 of ~$1,200 out is refused before asking.
  await silverCard.getByRole('button', { name: 'Remove funds' }).click();
  const silverRemove = page.getByRole('dialog', { name: 'Take funds out of your Silver trade' });
  await silverRemove.getByLabel('Amount to take out').fill('300');
  await silverRemove.getByRole('button', { name: 'Review' }).click();
  await expect(silverRemove.getByText(/At least \$1,000 must stay in this trade/)).toBeVisible();
  await silverRemove.getByRole('button', { name: 'Cancel' }).click();

  // Remove funds from the Basic copy: $150 out, the confirmation shows the fee and what reaches
  // the balance; the trade keeps copying with the rest.
  await basicCard.getByRole('button', { name: 'Remove funds' }).click();
  const removeDialog = page.getByRole('dialog', { name: 'Take funds out of your Basic trade' });
  await removeDialog.getByLabel('Amount to take out').fill('150');
  await removeDialog.getByRole('button', { name: 'Review' }).click();
  await expect(removeDialog.getByTestId('funds-payout')).toHaveText(/^\$1[0-5]\d\.\d\d$/);
  await snap(page, 'remove-funds-confirm');
  await removeDialog.getByRole('button', { name: 'Take out' }).click();
  const moved = page.getByText(/moved to your available balance$/);
  await expect(moved).toBeVisible();
  const removedPayout = cents(await moved.innerText());
  expect(Math.abs(removedPayout - 15_000)).toBeLessThan(1_000);
  await expect(basicCard.getByTestId('trade-amount')).not.toHaveText('$500.00');

  // Claim Profit is on only for a copy worth more than its amount; a copy at or below it says
  // why (read in one render, so a tick between two reads cannot pair two states).
  const claimStates = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="ongoing-trade"]'), (card) => {
        const button = Array.from(card.querySelectorAll('button')).find(
          (b) => b.textContent === 'Claim Profit',
        );
        return {
          disabled: button?.disabled ?? null,
          why: card.querySelector('[data-testid="no-profit-to-claim"]')?.textContent ?? null,
          profit: card.querySelector('[data-testid="trade-profit"]')?.textContent ?? '',
        };
      }),
    );
  for (const state of await claimStates()) {
    expect(state.disabled, JSON.stringify(state)).toBe(cents(state.profit) <= 0);
    expect(state.why).toBe(state.disabled ? 'No profit to claim yet' : null);
  }
  // Claiming takes the profit out and leaves the copy open with its amount. The simulated market
  // decides when a copy is in profit: wait for one (up to 90 s), and claim again if it fell back
  // between opening the dialog and confirming. Should neither copy gain in that time, the run
  // says so in its annotations (the exact cents of a claim are proven on a scripted market in
  // apps/server/test/trades-exact.test.ts; here the screens).
  const claimOn = page.getByRole('button', { name: 'Claim Profit', disabled: false });
  let claimedCents = 0;
  for (let attempt = 0; attempt < 5 && claimedCents === 0; attempt++) {
    const gained = await claimOn
      .first()
      .waitFor({ timeout: 90_000 })
      .then(
        () => true,
        () => false,
      );
    if (!gained) {
      test.info().annotations.push({
        type: 'market',
        description: 'no copy was in profit within 90 s: Claim Profit seen off, with its reason',
      });
      break;
    }
    const card = cards.filter({ has: claimOn }).first();
    const plan = (await card.innerText()).includes('Silver') ? 'Silver' : 'Basic';
    const held = cards.filter({ hasText: plan });
    const amount = await held.getByTestId('trade-amount').innerText();
    await held.getByRole('button', { name: 'Claim Profit' }).click();
    const claimDialog = page.getByRole('dialog', { name: 'Confirm Profit' });
    await expect(claimDialog.getByTestId('claim-stays')).toHaveText(amount);
    await expect(claimDialog).toContainText('The trade stays open with its amount.');
    await snap(page, 'claim-profit-confirm');
    await claimDialog.getByRole('button', { name: 'Confirm' }).click();
    const outcome = page
      .getByText(/Your trade stays open with \$|You have no profit to claim/)
      .first();
    await expect(outcome).toBeVisible();
    const said = await outcome.innerText();
    if (said.includes('You have no profit to claim')) {
      await expect(outcome).toBeHidden({ timeout: 15_000 });
      continue;
    }
    expect(said).toContain(`Your trade stays open with ${amount}.`);
    claimedCents = cents(said);
    expect(claimedCents).toBeGreaterThan(0);
    // Still open, same amount; worth about that amount now (the market keeps moving).
    await expect(held).toHaveCount(1);
    await expect(held.getByTestId('trade-amount')).toHaveText(amount);
    await snap(page, 'claimed-copy-still-open');
    await expect(outcome).toBeHidden({ timeout: 15_000 });
    await page.goto('/transactions');
    await expect(page.getByText(`Profit claimed (${plan} plan)`).first()).toBeVisible();
    await page.goto('/dashboard');
    await expect(cards).toHaveCount(2);
  }

  // Close at any time, one copy at a time: the confirmation shows what returns, and the balance
  // gets it.
  const payouts: number[] = [];
  for (const plan of ['Silver', 'Basic']) {
    const card = cards.filter({ hasText: plan });
    await card.getByRole('button', { name: 'Close Trade' }).click();
    const closeDialog = page.getByRole('dialog', { name: 'Close Trade' });
    await expect(closeDialog.getByTestId('close-returned')).toHaveText(/\$\d/);
    await closeDialog.getByRole('button', { name: 'Close Trade' }).click();
    const credited = page.getByText(/was credited to your balance/);
    await expect(credited).toBeVisible();
    payouts.push(cents(await credited.innerText()));
    await expect(cards.filter({ hasText: plan })).toHaveCount(0);
    await expect(credited).toBeHidden({ timeout: 15_000 });
  }
  expect(Math.abs(payouts[0]! - 120_000)).toBeLessThan(120_000);
  expect(Math.abs(payouts[1]! - 35_000)).toBeLessThan(35_000);
  await expect(page.getByText('No ongoing trades yet')).toBeVisible();
  const total = 30_000 + removedPayout + claimedCents + payouts[0]! + payouts[1]!;
  // Both copies in the history, newest close first, with what came back.
  await page.getByRole('link', { name: 'Trade history' }).click();
  const history = page.getByTestId('history-trade');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText('Basic');
  await expect(history.nth(0)).toContainText('Closed by you');
  await expect(history.nth(1)).toContainText('Silver');
  await snap(page, 'trade-history');
  await page.goBack();
  await expect(page.getByTestId('balance')).toHaveText(
    `$${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
});

test('a deactivated investor still sees the balance and the trade, closes it, and can withdraw', async ({
  page,
  baseURL,
  admin,
}) => {
  const email = uniqueEmail('deactivated');
  await register(page, email);
  await activateFundAndQualify(baseURL ?? '', admin, page.request, email);
  const { plans } = (await (await page.request.get('/api/plans')).json()) as {
    plans: { id: string; title: string }[];
  };
  const silver = plans.find((p) => p.title === 'Silver');
  const invest = await page.request.post('/api/trades', {
    headers: { 'x-csrf-token': await csrfOf(page.request), 'idempotency-key': crypto.randomUUID() },
    data: { planId: silver?.id, amount: '1000' },
  });
  expect(invest.status()).toBe(201);

  const list = await admin.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  const { users } = (await list.json()) as { users: { id: string }[] };
  const deactivated = await admin.post(`/api/admin/users/${users[0]?.id}/deactivate`, {
    headers: { 'x-csrf-token': await csrfOf(admin) },
  });
  expect(deactivated.ok()).toBe(true);

  // Told why, never the new-account text, and the money is all there.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your account is deactivated' })).toBeVisible();
  await expect(page.getByText(/within 24 hours/)).toHaveCount(0);
  await expect(page.getByTestId('balance')).toHaveText(/\$\d/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Deposit' })).toHaveCount(0);
  await snap(page, 'deactivated-dashboard');

  // Its trade closes as any other.
  await page.getByRole('button', { name: 'Close Trade' }).click();
  const closeDialog = page.getByRole('dialog', { name: 'Close Trade' });
  await closeDialog.getByRole('button', { name: 'Close Trade' }).click();
  await expect(page.getByText(/was credited to your balance/)).toBeVisible();
  await expect(page.getByText('No ongoing trades yet')).toBeVisible();

  // Withdrawing stays open; investing says why it is paused.
  await page.getByRole('link', { name: 'Withdraw' }).first().click();
  await expect(page).toHaveURL(/\/withdrawals/);
  await expect(page.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await page.goto('/plans');
  await expect(page.getByText('Your account is deactivated.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('available')).toHaveText(/\$\d/);
  await snap(page, 'deactivated-plans');
});
