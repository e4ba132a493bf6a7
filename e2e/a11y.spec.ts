import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** Every page a visitor can open (the public layout, sign-in pages and the public plans). */
const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/risk',
  '/plans',
  '/withdrawals/fee',
  '/login',
  '/register',
  '/forgot',
];

for (const route of PUBLIC_ROUTES) {
  test(`axe finds no serious or critical violation on ${route}`, async ({ page }) => {
    await page.goto(route);
    await expect(page.locator('h1, h2').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
    expect(blocking).toEqual([]);
  });
}
