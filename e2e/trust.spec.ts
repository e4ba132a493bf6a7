import { expect, test } from '@playwright/test';
import { approvePendingAsChecker, csrfOf, signInAsAdmin, snap, uniqueEmail } from './support';

test('the landing ticker scrolls sideways on a phone and says so', async ({ page }) => {
  await page.goto('/');
  const strip = page.getByRole('list', { name: 'Market prices' });
  await expect(strip).toBeVisible();
  const overflows = await strip.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  if (test.info().project.name === 'phone') expect(overflows).toBe(true);
  const hint = page.getByText('Swipe for more →');
  if (overflows) {
    await expect(hint).toBeVisible();
    await strip.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(hint).toBeHidden();
  } else {
    await expect(hint).toBeHidden();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await strip.evaluate((el) => el.scrollTo({ left: 0 }));
  await page.getByRole('region', { name: 'Market prices' }).screenshot({
    path: `test-results/screens/${test.info().project.name}/trust-ticker-strip.png`,
  });
  await snap(page, 'landing-ticker');
});

test('profile values wrap between words, never inside one', async ({ page }) => {
  const api = page.context().request;
  await api.get('/api/auth/csrf');
  const response = await api.post('/api/auth/register', {
    data: {
      name: 'Wilhelmina Featherstonehaugh',
      email: uniqueEmail('wrap'),
      phone: '+387 33 123 456',
      country: 'Bosnia and Herzegovina',
      password: 'investor-password-123',
    },
    headers: { 'x-csrf-token': await csrfOf(api) },
  });
  expect(response.status()).toBe(201);
  await page.goto('/profile');
  const country = page.locator('dd').filter({ hasText: 'Bosnia and Herzegovina' });
  await expect(country).toBeVisible();
  // The phone is stored as E.164 and shown in international format.
  await expect(page.locator('dd').filter({ hasText: '+387 33 123 456' })).toBeVisible();
  for (const dd of await page.locator('dl dd').all()) {
    const style = await dd.evaluate((el) => ({
      wordBreak: getComputedStyle(el).wordBreak,
      overflows: el.scrollWidth > el.clientWidth + 1,
    }));
    expect(style).toEqual({ wordBreak: 'normal', overflows: false });
  }
  await snap(page, 'profile');
});

test('the admin overview names the demo payment methods until their details are replaced', async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page.context(), baseURL ?? '');
  await page.goto('/admin');
  const notice = page.getByRole('region', { name: /still show demo details/ });
  await expect(notice).toContainText('Bitcoin (BTC)');
  await expect(notice.getByRole('link', { name: 'Replace the details' })).toHaveAttribute(
    'href',
    '/admin/payment-methods',
  );
  await snap(page, 'admin-overview-demo');

  // Replacing Tether's address (once per server: the first width does it) ends its demo status.
  if ((await notice.textContent())?.includes('Tether (TRC20)')) {
    await notice.getByRole('link', { name: 'Replace the details' }).click();
    const tether = page.locator('tbody tr').filter({ hasText: 'Tether' });
    await expect(tether).toContainText('Demo: replace details');
    await tether.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Tether' });
    await form.getByLabel('Wallet address').fill('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf');
    await form.getByRole('button', { name: 'Save' }).click();
    // Where money goes: the new address waits for a second admin; until then the demo one stays.
    await expect(
      page.getByText(
        "Payment details sent for a second admin's approval; investors see the current ones until then",
      ),
    ).toBeVisible();
    await expect(tether).toContainText('Demo: replace details');
    await page.goto('/admin');
    await expect(notice).toContainText('Tether (TRC20)');
    await approvePendingAsChecker(
      baseURL ?? '',
      (a) =>
        a.change?.setting === 'payment_method' &&
        a.change.to.includes('TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf'),
    );
    await page.goto('/admin/payment-methods');
    await expect(tether).toContainText('Active');
    await page.goto('/admin');
  }
  await expect(notice).toContainText('Bitcoin (BTC)');
  await expect(notice).not.toContainText('Tether');
});
