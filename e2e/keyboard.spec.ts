import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures';
import {
  approveDeposit,
  csrfOf,
  uniqueEmail,
  passAppropriateness,
  setWithdrawalFee,
} from './support';

/**
 * Sign-up, deposit, invest and withdraw with the keyboard alone: each page is opened by its address
 * (as a person types it), then only Tab, Shift+Tab, arrows, Space, Enter and typed text, never a
 * click or a fill. Every control on the way must be reachable in the Tab order and show where the
 * focus is.
 */

/** Whether the focused element shows a focus indicator (an outline or ring, its own or its card's). */
async function expectFocusVisible(page: Page) {
  const shown = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing focused';
    if (!element.matches(':focus-visible')) return `${element.tagName} is not :focus-visible`;
    const indicates = (target: Element | null) => {
      if (!target) return false;
      const style = getComputedStyle(target);
      const outline = style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
      return outline || style.boxShadow !== 'none';
    };
    // A visually hidden radio draws its focus on the card beside it.
    const target = element.classList.contains('sr-only') ? element.nextElementSibling : element;
    return indicates(target) ? 'ok' : `${element.outerHTML.slice(0, 120)} shows no focus`;
  });
  expect(shown).toBe('ok');
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it is not in the Tab order. */
async function tabTo(page: Page, target: Locator, backwards = false, max = 60) {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectFocusVisible(page);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached with ${backwards ? 'Shift+Tab' : 'Tab'} in ${max} presses`);
}

/** Presses an arrow key until `target` has the focus (radio groups, tab lists). */
async function arrowTo(page: Page, target: Locator, key: 'ArrowDown' | 'ArrowRight', max = 10) {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`not reached with ${key} in ${max} presses`);
}

const PASSWORD = 'keyboard-password-123';

test('sign up, deposit, invest and withdraw with the keyboard alone', async ({
  page,
  baseURL,
  admin,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('keys');
  // The operator charges the seed's example fee (a fresh install charges none).
  await setWithdrawalFee(baseURL ?? '', '10');

  // Sign-up.
  await page.goto('/register');
  await tabTo(page, page.getByLabel('Full name'));
  await page.keyboard.type('Kim Keyboard');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Phone number'));
  await page.keyboard.type('+49 30 1234567');
  await tabTo(page, page.getByLabel('Country'));
  await page.keyboard.press('Enter');
  const search = page.getByPlaceholder('Search country');
  await expect(search).toBeFocused();
  await page.keyboard.type('Germ');
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Country')).toHaveValue('Germany');
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByRole('button', { name: 'Register' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The admin activates the account (the admin's own pages have their journeys elsewhere).
  const list = await admin.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  const { users } = (await list.json()) as { users: { id: string; email: string }[] };
  const user = users.find((u) => u.email === email);
  if (!user) throw new Error(`user ${email} not found`);
  const headers = { 'x-csrf-token': await csrfOf(admin) };
  expect((await admin.post(`/api/admin/users/${user.id}/activate`, { headers })).ok()).toBe(true);

  // Deposit $2,000 by Bitcoin: the method is a radio group (Tab in, arrows across, Space).
  await page.goto('/deposits');
  const bitcoin = page.getByRole('radio', { name: /Bitcoin/ });
  await tabTo(page, page.getByRole('main').getByRole('radio').first());
  await arrowTo(page, bitcoin, 'ArrowDown');
  await page.keyboard.press('Space');
  await expect(bitcoin).toBeChecked();
  await expectFocusVisible(page);
  await tabTo(page, page.getByLabel('Amount in USD'));
  await page.keyboard.type('2000');
  await tabTo(page, page.getByRole('button', { name: 'Continue to Payment' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/deposits\/payment$/);
  await tabTo(page, page.getByRole('button', { name: 'I have made the payment' }));
  await page.keyboard.press('Enter');
  const confirmDeposit = page.getByRole('dialog', { name: 'Confirm your deposit' });
  await expect(confirmDeposit).toBeVisible();
  await tabTo(page, confirmDeposit.getByRole('button', { name: 'Confirm deposit' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Deposit successful')).toBeVisible();

  // The admin confirms the money arrived ($2,000 waits for a second admin: the checker admin).
  const pending = await admin.get(
    `/api/admin/transactions?status=pending&kind=deposit&userId=${user.id}`,
  );
  const { items } = (await pending.json()) as { items: { id: string }[] };
  const deposit = items[0];
  if (!deposit) throw new Error('the deposit is not pending');
  await approveDeposit(baseURL ?? '', admin, deposit.id, { waits: true });
  // The appropriateness check before the first copy trade has its own journey.
  await passAppropriateness(page.request);

  // Invest $1,000 in Silver: the amount, Invest Now, then the confirmation dialog.
  await page.goto('/plans');
  const silver = page.getByRole('article', { name: 'Silver' });
  await expect(page.getByTestId('available')).toHaveText('$2,000.00');
  await tabTo(page, silver.getByLabel('Amount'));
  await page.keyboard.type('1000');
  await tabTo(page, silver.getByRole('button', { name: 'Invest Now' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm your investment' });
  await expect(confirm.getByText('$1,000.00')).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Confirm and invest' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Trade created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Withdraw $100 in crypto: the tab list by arrows, the method by arrows in its select.
  await page.goto('/withdrawals');
  const cryptoTab = page.getByRole('tab', { name: 'Crypto Currency' });
  await tabTo(page, page.getByRole('tab').first());
  await arrowTo(page, cryptoTab, 'ArrowRight');
  await page.keyboard.press('Enter');
  await expect(cryptoTab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Crypto Currency' });
  const method = panel.getByLabel('Withdrawal method');
  await tabTo(page, method);
  for (let presses = 0; presses < 5 && !(await method.inputValue()); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(method).not.toHaveValue('');
  await tabTo(page, panel.getByLabel('Amount in USD'));
  await page.keyboard.type('100');
  await expect(page.getByTestId('quote-line')).toHaveText('Fee $10.00 · You will receive $90.00');
  await tabTo(page, panel.getByLabel('Wallet address'));
  await page.keyboard.type('bc1qkeyboardwithdrawal000000000000000000');
  await tabTo(page, panel.getByRole('button', { name: 'Withdraw', exact: true }));
  await page.keyboard.press('Enter');
  const confirmWithdrawal = page.getByRole('dialog', { name: 'Confirm withdrawal' });
  await expect(confirmWithdrawal.getByTestId('confirm-net')).toHaveText('$90.00');
  // Shift+Tab walks back through the dialog (its focus stays inside) to the confirm button.
  await tabTo(
    page,
    confirmWithdrawal.getByRole('button', { name: 'Confirm withdrawal' }),
    true,
    12,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByText('Withdrawal request sent')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Withdrawal' })).toContainText(
    'Your withdrawal of $100.00 is being processed.',
  );
});
