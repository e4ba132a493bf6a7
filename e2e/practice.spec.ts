import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { OwnServer } from './own-server';
import {
  linkIn,
  mailboxMail,
  newPersonContext,
  silverAllInBitcoin,
  snap,
  uniqueEmail,
} from './support';

/**
 * The practice account (issue 42), as a new user meets it, at 390 and 1440 px, on a server of its
 * own whose market this spec scripts (MARKET_SCRIPT_FILE), so every figure is exact: they register,
 * are asked to verify their e-mail before they can practise, verify it from the mail they received,
 * switch to Practice ($10,000.00 of virtual money, marked "Practice — virtual money" on every
 * screen), copy Silver, see the copy move live with the market, close it, and switch to Real:
 * $0.00 there, with the real account's next step. Screenshots under test-results/screens/.
 */
let server: OwnServer | undefined;

// A server of its own for each width, quoting BTC at $100,000.00 from its first tick until the
// journey moves it; Silver's strategy all in BTC (NAV 1 at $100,000.00).
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await OwnServer.withScriptedPrices({ BTCUSDT: '100000.00' });
  await server.start();
  await silverAllInBitcoin(browser, server.baseURL);
});

test.afterAll(async () => {
  await server?.dispose();
});

test('a new user verifies their e-mail, practises a copy that moves live, closes it and finds Real at $0.00', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  if (!server) throw new Error('the journey server did not start');
  const own = server;
  await practise(browser, own.baseURL, own.dataDir, (prices) => own.setPrices(prices));
});

/** The switch in the top bar: "Practice" / "Real", a radio group named for what it shows. */
function bookSwitch(page: Page): Locator {
  return page.getByRole('group', { name: 'Account shown' });
}

/** Chooses an account on the switch (its label: the radio itself is drawn by the label). */
async function choose(page: Page, account: 'Practice' | 'Real'): Promise<void> {
  await bookSwitch(page).getByText(account, { exact: true }).click();
}

async function register(page: Page, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Pat Practice');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('+49 30 1234567');
  await page.getByLabel('Country').click();
  await page.getByPlaceholder('Search country').fill('Germ');
  await page.getByRole('option', { name: /Germany/ }).click();
  await page.getByLabel('Password', { exact: true }).fill('practice-password-123');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function practise(
  browser: Browser,
  baseURL: string,
  dataDir: string,
  setPrices: (prices: Record<string, string>) => void,
): Promise<void> {
  const context = await newPersonContext(browser, baseURL);
  const page = await context.newPage();
  const email = uniqueEmail('practice');
  await register(page, email);
  const marker = page.getByTestId('practice-marker');
  await expect(marker).toHaveCount(0);

  // Practice needs a verified e-mail: the switch says how, and nothing opens.
  await expect(bookSwitch(page).getByRole('radio', { name: 'Real' })).toBeChecked();
  await choose(page, 'Practice');
  const verify = page.getByRole('dialog', { name: 'Verify your e-mail address to practise' });
  await expect(verify.getByRole('link', { name: 'Verify on my profile' })).toHaveAttribute(
    'href',
    '/profile',
  );
  await verify.getByRole('button', { name: 'Not now' }).click();
  await expect(bookSwitch(page).getByRole('radio', { name: 'Real' })).toBeChecked();
  await expect(marker).toHaveCount(0);

  // The link of the e-mail they received verifies the address.
  const link = linkIn(await mailboxMail(email, 'verify_email', dataDir));
  await page.goto(link.pathname + link.search);
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Practice: the account opens with $10,000.00 of virtual money, marked on every screen.
  await choose(page, 'Practice');
  await expect(bookSwitch(page).getByRole('radio', { name: 'Practice' })).toBeChecked();
  await expect(marker).toHaveText(/Practice — virtual money/);
  await expect(page.getByTestId('balance')).toHaveText('$10,000.00');
  await expect(page.getByTestId('practice-virtual-note')).toHaveText(
    'Virtual money: it cannot be withdrawn.',
  );
  await expect(page.getByRole('link', { name: 'Deposit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start again with $10,000.00' })).toBeVisible();
  // The real account's next step, one click away (the account waits for the team's review).
  await expect(page.getByTestId('real-next-step')).toBeVisible();
  await snap(page, 'practice-dashboard');
  await bookSwitch(page).screenshot({
    path: `test-results/screens/${test.info().project.name}/practice-switch.png`,
  });

  // Deposits stay real: the page says so and offers Real.
  await page.goto('/deposits');
  await expect(marker).toBeVisible();
  await expect(page.getByTestId('real-only')).toContainText(
    'Deposits and withdrawals are for your real account',
  );

  // Copy Silver with $1,000 of virtual money: no review, check or deposit first.
  await page.goto('/plans');
  await expect(page.getByTestId('available')).toHaveText('$10,000.00');
  const silver = page.getByRole('article', { name: 'Silver' });
  await silver.getByLabel('Amount').fill('1000');
  await silver.getByRole('button', { name: 'Invest Now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your practice copy' });
  await expect(confirm.getByTestId('invest-practice')).toContainText(
    'This copy uses your practice balance, not real money',
  );
  await expect(confirm.getByText(/past performance/i).first()).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm and invest' }).click();
  await expect(
    page.getByText('Practice — virtual money · Trade created successfully'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByTestId('ongoing-trade');
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Practice', { exact: true })).toBeVisible();
  await expect(card.getByTestId('trade-amount')).toHaveText('$1,000.00');
  await expect(card.getByTestId('trade-value')).toHaveText('$1,000.00');

  // Live: BTC rises 10 %, the copy's 1,000 units at NAV 1.1 are worth $1,100.00.
  setPrices({ BTCUSDT: '110000.00' });
  await expect(card.getByTestId('trade-value')).toHaveText('$1,100.00', { timeout: 20_000 });
  await expect(card.getByTestId('trade-profit')).toHaveText('+$100.00');
  await expect(page.getByTestId('balance')).toHaveText('$10,100.00');
  // The market beside it quotes the price the copy is valued at.
  await expect(page.getByTestId('market-row-BTCUSDT')).toContainText('110,000.00');
  await snap(page, 'practice-copy-live');

  // Close: the whole value back to the practice balance (Silver charges no fee).
  await card.getByRole('button', { name: 'Close Trade' }).click();
  const closeDialog = page.getByRole('dialog', { name: 'Close Trade' });
  await expect(closeDialog.getByTestId('close-returned')).toHaveText('$1,100.00');
  await closeDialog.getByRole('button', { name: 'Close Trade' }).click();
  await expect(page.getByText('Practice — virtual money · Trade closed')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('balance')).toHaveText('$10,100.00');
  await snap(page, 'practice-closed');

  // Real: $0.00, no marker, and the next step the real dashboard always shows a new account.
  await choose(page, 'Real');
  await expect(bookSwitch(page).getByRole('radio', { name: 'Real' })).toBeChecked();
  await expect(marker).toHaveCount(0);
  await expect(page.getByTestId('balance')).toHaveText('$0.00');
  await expect(page.getByRole('heading', { name: 'Account is not active' })).toBeVisible();
  await snap(page, 'real-after-practice');
  await context.close();
}
