import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { latestMail, snap } from './support';
import { READING_PATHS, SIGN_IN_PATHS } from '../apps/web/src/app/visitorPaths';

async function useNav(page: Page, name: string) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  const barLink = page.getByRole('banner').getByRole('link', { name, exact: true });
  // Wait for the top bar to render one or the other (phones get the menu button).
  await expect(toggle.or(barLink).filter({ visible: true }).first()).toBeVisible();
  if (await toggle.isVisible()) {
    await toggle.click();
    await page.getByRole('dialog').getByRole('link', { name, exact: true }).click();
  } else {
    await barLink.click();
  }
}

function visibleSlide(page: Page) {
  return page.locator('figure[aria-roledescription="slide"]:not([aria-hidden="true"])');
}

test('every landing anchor scrolls to its section', async ({ page }) => {
  await page.goto('/');
  for (const [name, id] of [
    ['About', 'about'],
    ['Services', 'services'],
    ['Plans', 'plans'],
    ['Contact', 'contact'],
  ] as const) {
    await useNav(page, name);
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`section#${id}`)).toBeInViewport();
  }
  await useNav(page, 'Home');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  await snap(page, 'landing');
});

test('the stories carousel moves by button, dot and swipe, and wraps around', async ({ page }) => {
  await page.goto('/#faq');
  const carousel = page.locator('[aria-roledescription="carousel"]');
  await carousel.scrollIntoViewIfNeeded();
  await expect(visibleSlide(page)).toHaveAttribute('aria-label', '1 of 5');
  await page.getByRole('button', { name: 'Previous story' }).click();
  await expect(visibleSlide(page)).toHaveAttribute('aria-label', '5 of 5');
  await page.getByRole('button', { name: 'Next story' }).click();
  await expect(visibleSlide(page)).toHaveAttribute('aria-label', '1 of 5');
  await page.getByRole('button', { name: 'Show story 3' }).click();
  await expect(visibleSlide(page)).toHaveAttribute('aria-label', '3 of 5');

  const box = await carousel.locator('div.overflow-hidden').boundingBox();
  if (!box) throw new Error('carousel not laid out');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width - 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 140, y, { steps: 5 });
  await page.mouse.up();
  await expect(visibleSlide(page)).toHaveAttribute('aria-label', '4 of 5');
  // A short drag (under 75 px) does not move it.
  await page.mouse.move(box.x + 200, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 150, y, { steps: 3 });
  await page.mouse.up();
  await expect(visibleSlide(page)).toHaveAttribute('aria-label', '4 of 5');
});

test('a FAQ answer opens in a dialog and closes with Escape', async ({ page }) => {
  await page.goto('/#faq');
  // Every answer is in the page's HTML, closed under its question.
  const question = page.locator('#faq summary', { hasText: 'Can I lose money?' });
  await expect(question).toBeVisible();
  // Once the page's code runs, a question opens its answer in the dialog.
  await expect(page.locator('#faq ul[data-hydrated]')).toBeAttached();
  await question.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the contact form names the three empty fields, then really sends', async ({
  page,
  admin,
}) => {
  await page.goto('/#contact');
  const section = page.locator('section#contact');
  await section.getByRole('button', { name: 'Send' }).click();
  for (const message of ['Full name is required', 'Email is required', 'Message is required']) {
    await expect(section.getByText(message)).toBeVisible();
  }
  const name = `Visitor ${Date.now().toString(36)}`;
  await section.getByLabel('Full Name').fill(name);
  await section.getByLabel('Email').fill('visitor@example.com');
  await section.getByLabel('Message').fill('How is the withdrawal fee applied?');
  await section.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message sent successfully')).toBeVisible();
  // The toast sits below the top bar: it never covers Login (or the account button).
  const barBox = await page.getByRole('banner').boundingBox();
  const barBottom = (barBox?.y ?? 0) + (barBox?.height ?? 0);
  // Measured once the toast has slid in.
  await expect
    .poll(async () => (await page.locator('[data-sonner-toast]').first().boundingBox())?.y ?? -1)
    .toBeGreaterThanOrEqual(barBottom);

  const mail = await latestMail(admin, 'support@nestrado.local', 'contact');
  expect(mail.subject).toBe(`Contact form: ${name}`);
});

test('the register country picker finds Germany from "Germ" and never lists more than 5', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByLabel('Country').click();
  const search = page.getByPlaceholder('Search country');
  await search.fill('a');
  await expect(page.getByRole('option')).toHaveCount(5);
  await search.fill('Germ');
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option').locator('img')).toBeVisible();
  await snap(page, 'register-country');
  await search.press('Enter');
  // The field shows the name, with Germany's SVG flag (not an emoji) before it.
  await expect(page.getByLabel('Country')).toHaveValue('Germany');
  const flag = page.locator('img[src*="DE"][src$=".svg"]');
  await expect(flag).toBeVisible();
  expect(await flag.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('a visitor’s browser logs no error on any public page (asking who is signed in is not a 401)', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) {
      problems.push(`${response.status()} ${response.url()}`);
    }
  });
  for (const path of [...READING_PATHS, '/plans', ...SIGN_IN_PATHS]) {
    await page.goto(path);
    await expect(page.locator('h1, h2').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});

test('a visitor reads the withdrawal fee schedule per method, with a worked example, from the footer', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Fees' }).click();
  await expect(page).toHaveURL(/\/withdrawals\/fee$/);
  // The landing page (its plans carry percentages too) may stand a moment after the address changed.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Withdrawal fee schedule' }),
  ).toBeVisible();
  // Each payout method's fee, and what $100.00 becomes by it.
  await expect(page.getByRole('table', { name: 'Withdrawal fee by method' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Bitcoin (BTC)' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'You receive from $100.00' })).toBeVisible();
  await expect(page.getByTestId('fee-terms').first()).toHaveText(
    /^(No fee|\d+(\.\d+)?%( \+ \$[\d.,]+)?|\$[\d.,]+ per withdrawal)$/,
  );
  // A new page starts at its top (the smooth scroll from the footer has ended).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await snap(page, 'fee-schedule');
});

test('a visitor opens Plans from the footer and reads the plans and the risk warning', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Plans', exact: true }).click();
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trading Plans' })).toBeVisible();
  // The real plans from the server, each with a sign-up call (no amount, no Invest Now).
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(4);
  const silver = page.getByRole('article', { name: 'Silver' });
  await expect(silver.getByText('$1,000.00 – $4,999.00')).toBeVisible();
  await expect(silver.getByRole('link', { name: 'Sign up to invest' })).toHaveAttribute(
    'href',
    '/register',
  );
  await expect(page.getByRole('button', { name: 'Invest Now' })).toHaveCount(0);
  await expect(
    page
      .getByRole('main')
      .getByText(
        'Copy trading involves risk. You can lose some or all of the money you invest. Past performance is not a reliable indicator of future results.',
      ),
  ).toBeVisible();
  await snap(page, 'plans-visitor');
  await silver.getByRole('link', { name: 'Sign up to invest' }).click();
  await expect(page).toHaveURL(/\/register$/);
});
