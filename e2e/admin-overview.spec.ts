import { expect, test } from '@playwright/test';
import { signInAsAdmin, snap } from './support';

test('the admin overview lists the top strategies by AUM and leads to all of them', async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page.context(), baseURL ?? '');
  await page.goto('/admin');
  const card = page
    .getByRole('heading', { name: 'Top strategies by assets under management' })
    .locator('xpath=ancestor::section[1]');
  await expect(card).toContainText(
    'Up to 10 strategies: those with the most real money copying them.',
  );
  // The seeded demo strategies (fewer than ten), each with its AUM and copiers.
  await expect(card).toContainText('Bitcoin Reserve');
  await expect(page.getByText('Money on the platform')).toBeVisible();
  await snap(page, 'overview');
  await card.getByRole('link', { name: 'All strategies' }).click();
  await expect(page).toHaveURL(/\/admin\/strategies$/);
});
