import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from './support';

/**
 * A visitor opens a strategy's record from the public plans: its returns, risk, monthly table,
 * holdings, the lead trader's closed positions and what copiers earned, without signing in.
 */
test('a visitor reads a strategy record from the public plans', async ({ page }, testInfo) => {
  await page.goto('/plans');
  const link = page.getByRole('link', { name: /full record/ }).first();
  await expect(link).toBeVisible();
  const name = ((await link.textContent()) ?? '').replace(/: full record$/, '');
  await link.click();

  await expect(page).toHaveURL(/\/strategies\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  for (const heading of [
    'Value of one unit',
    'Past returns',
    'Risk',
    'Monthly returns',
    'Current holdings',
    "Lead trader's closed positions",
    'Order log',
    'What copiers earned',
    'Copying it over time',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole('note').first()).toBeVisible(); // the risk warning
  // A fresh install's demo strategies have 30 days of history: a 30-day return, the one the plan
  // card showed; no 90-day return yet, said in words, not 0 %.
  const returns = page
    .getByRole('region', { name: 'Past returns' })
    .or(page.locator('section', { has: page.getByRole('heading', { name: 'Past returns' }) }));
  await expect(returns.getByText('Not enough history yet').first()).toBeVisible();
  await expect(returns.getByText('Since start')).toBeVisible();
  const thirty = await returns
    .locator('dt', { hasText: '30 days' })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();
  expect(thirty).toMatch(/^[+-]?\d+\.\d{2}%$/);

  // The NAV chart opens on that window, its figure beside it; a window the record does not reach
  // back to draws no line.
  const range = page.getByRole('group', { name: 'Range' });
  await expect(range.getByRole('button', { name: '30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText(`30 days: ${thirty}`)).toBeVisible();
  await expect(page.getByRole('img', { name: /^NAV chart, 30 days: from \d/ })).toBeVisible();
  await range.getByRole('button', { name: '90 days' }).click();
  await expect(page.getByText('the record does not reach back that far yet')).toBeVisible();
  await expect(page.getByRole('img', { name: /^NAV chart/ })).toHaveCount(0);

  // The hourly line of the last 7 days, then each day's close since the start.
  await range.getByRole('button', { name: '7 days' }).click();
  await expect(range.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('img', { name: /^NAV chart, 7 days: from \d/ })).toBeVisible();
  await range.getByRole('button', { name: 'Since start' }).click();
  await expect(page.getByRole('img', { name: /^NAV chart, Since start: from \d/ })).toBeVisible();

  // The drawdown chart (lightweight-charts: a canvas, drawn like the NAV chart) names the largest
  // fall the risk figures state: its lowest point is that figure.
  const risk = page.locator('section', {
    has: page.getByRole('heading', { level: 2, name: 'Risk', exact: true }),
  });
  const largestFall = await risk
    .locator('dt', { hasText: 'Largest fall from a peak' })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();
  expect(largestFall).toMatch(/^\d+\.\d{2}%$/);
  const drawdown = page.getByRole('img', {
    name: `Drawdown chart; the largest fall was ${largestFall}`,
  });
  await expect(drawdown).toBeVisible();
  await expect(drawdown.locator('canvas').first()).toBeVisible();
  await page
    .locator('section', { has: drawdown })
    .screenshot({ path: testInfo.outputPath('drawdown.png') });

  await page.waitForLoadState('networkidle');
  expect((await seriousAxeViolations(page)).map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('strategy-record.png'), fullPage: true });
});

test('a visitor browses the strategy directory, sorts it and opens a record', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Strategies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Strategies' })).toBeVisible();
  const cards = page.getByRole('article');
  // One page holds a fresh install's four strategies: no "Show more".
  await expect(cards).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Show more strategies' })).toHaveCount(0);
  await expect(page.getByLabel('Show paused strategies')).toBeChecked();

  // The server sorts: the view is in the address, and the page the server renders for that
  // address (a reload) is the same view in the same order.
  await page.getByLabel('Sort by').selectOption('drawdown');
  await expect(page).toHaveURL(/\/strategies\?sort=drawdown$/);
  await expect(cards).toHaveCount(4);
  const names = () => cards.getByRole('heading', { level: 2 }).allTextContents();
  const sorted = await names();
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('drawdown');
  expect(await names()).toEqual(sorted);
  await page.getByLabel('Show paused strategies').uncheck();
  await expect(page).toHaveURL(/\/strategies\?sort=drawdown&paused=false$/);
  await expect(cards).toHaveCount(4);

  // Smallest fall first: the figures shown read in ascending order.
  const falls = (
    await cards
      .locator('dt', { hasText: 'Largest fall' })
      .locator('xpath=following-sibling::dd[1]')
      .allTextContents()
  ).map((text) => Number.parseFloat(text));
  expect(falls.every((value) => Number.isFinite(value))).toBe(true);
  expect([...falls].sort((a, b) => a - b)).toEqual(falls);

  // The default window, 30 days, has a return for every demo strategy of a fresh install.
  await page.getByLabel('Sort by').selectOption('return');
  await expect(page).toHaveURL(/\/strategies\?paused=false$/);
  await expect(cards.getByText('Return · 30 days')).toHaveCount(4);
  await expect(cards.getByText('Not enough history yet')).toHaveCount(0);

  await page.getByLabel('Returns over').selectOption('all');
  await expect(page).toHaveURL(/\/strategies\?window=all&paused=false$/);
  await expect(cards.first().getByText('Return · Since start')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect((await seriousAxeViolations(page)).map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('directory.png'), fullPage: true });

  const first = cards.first().getByRole('heading', { level: 2 });
  const name = (await first.textContent()) ?? '';
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Order log' })).toBeVisible();
});

test('an unknown strategy says so', async ({ page }) => {
  await page.goto('/strategies/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Strategy not found')).toBeVisible();
});
