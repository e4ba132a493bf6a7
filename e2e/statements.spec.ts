import fs from 'node:fs';
import { expect, type Download, type Page } from '@playwright/test';
import { test } from './fixtures';
import { activateAndFund, registerInvestor, signInAsAdmin, snap, uniqueName } from './support';

/** Today and last month as the statement counts them (whole UTC days). */
function days() {
  const now = new Date();
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const firstOfMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const lastOfPrevious = new Date(firstOfMonth - 86_400_000);
  return {
    today: iso(now),
    firstOfMonth: iso(new Date(firstOfMonth)),
    lastMonth: {
      from: iso(
        new Date(Date.UTC(lastOfPrevious.getUTCFullYear(), lastOfPrevious.getUTCMonth(), 1)),
      ),
      to: iso(lastOfPrevious),
    },
  };
}

async function downloaded(page: Page, start: () => Promise<void>): Promise<[Download, Buffer]> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const file = await download.path();
  return [download, fs.readFileSync(file)];
}

/** The balance column of the CSV row of a type (opening, closing). */
function balanceOf(csv: string, rowType: string): string | undefined {
  const row = csv.split('\r\n').find((line) => line.startsWith(`${rowType},`));
  return row?.split(',')[7];
}

test('download a statement as PDF and CSV from /transactions: it opens on today, which holds the deposit; last month is empty', async ({
  page,
  baseURL,
  admin,
}) => {
  const investor = await registerInvestor(page.request, uniqueName('Quinn'));
  // Setup through the API: the admin activates the account and approves a $250 deposit.
  const transaction = await activateAndFund(
    baseURL ?? '',
    admin,
    page.request,
    investor.id,
    '250',
    {
      waits: false,
    },
  );

  const { today, firstOfMonth, lastMonth } = days();
  await page.goto('/transactions');
  await expect(page.getByText(transaction.transactionId)).toBeVisible();
  await snap(page, 'transactions-statement-button');

  // By keyboard: the Statement button opens the dialog on a period that holds the account's
  // movements: for an account opened today, today (not an empty last month).
  await page.getByRole('button', { name: 'Statement' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Account statement' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]statement=1/);
  await expect(dialog.getByLabel('From')).toHaveValue(today);
  await expect(dialog.getByLabel('To')).toHaveValue(today);
  await snap(page, 'statement-dialog');

  const pdfButton = dialog.getByRole('button', { name: 'Download PDF' });
  const [pdf, pdfBytes] = await downloaded(page, async () => {
    await pdfButton.focus();
    await page.keyboard.press('Enter');
  });
  expect(pdf.suggestedFilename()).toBe(`nestrado-statement-${today}-to-${today}.pdf`);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(dialog.getByText(`Downloaded ${pdf.suggestedFilename()}.`)).toBeVisible();

  // Today holds the deposit.
  const [csv, csvBytes] = await downloaded(page, () =>
    dialog.getByRole('button', { name: 'Download CSV' }).click(),
  );
  expect(csv.suggestedFilename()).toBe(`nestrado-statement-${today}-to-${today}.csv`);
  const todayCsv = csvBytes.toString('utf8');
  expect(todayCsv.startsWith('row_type,date_utc,transaction_id,category')).toBe(true);
  expect(todayCsv).toContain(`movement,`);
  expect(todayCsv).toContain(`,${transaction.transactionId},deposits,`);
  expect(balanceOf(todayCsv, 'opening')).toBe('0.00');
  expect(balanceOf(todayCsv, 'closing')).toBe('250.00');

  // An end before the start is refused on the field, without a download.
  await dialog.getByLabel('To').fill(lastMonth.from);
  await dialog.getByLabel('From').fill(today);
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  await expect(dialog.getByText('The end date must be on or after the start date')).toBeVisible();
  await snap(page, 'statement-dialog-error');

  // Last month, before the account was opened: nothing in it.
  await dialog.getByLabel('From').fill(lastMonth.from);
  await dialog.getByLabel('To').fill(lastMonth.to);
  const [lastMonthFile, lastMonthBytes] = await downloaded(page, () =>
    dialog.getByRole('button', { name: 'Download CSV' }).click(),
  );
  expect(lastMonthFile.suggestedFilename()).toBe(
    `nestrado-statement-${lastMonth.from}-to-${lastMonth.to}.csv`,
  );
  const lastMonthCsv = lastMonthBytes.toString('utf8');
  expect(lastMonthCsv).not.toContain(`movement,`);
  expect(balanceOf(lastMonthCsv, 'opening')).toBe('0.00');
  expect(balanceOf(lastMonthCsv, 'closing')).toBe('0.00');

  // This month so far holds the deposit too.
  await dialog.getByLabel('From').fill(firstOfMonth);
  await dialog.getByLabel('To').fill(today);
  const [, thisMonthBytes] = await downloaded(page, () =>
    dialog.getByRole('button', { name: 'Download CSV' }).click(),
  );
  const thisMonth = thisMonthBytes.toString('utf8');
  expect(thisMonth).toContain(`,${transaction.transactionId},deposits,`);
  expect(balanceOf(thisMonth, 'closing')).toBe('250.00');

  // The other downloads: this year's summary and the (empty) closed-trade history.
  // The annual summary opens on this year, the account's first.
  const year = today.slice(0, 4);
  await expect(dialog.getByLabel('Year')).toHaveValue(year);
  const [annual, annualBytes] = await downloaded(page, () =>
    dialog.getByRole('button', { name: 'Annual summary (CSV)' }).click(),
  );
  expect(annual.suggestedFilename()).toBe(`nestrado-annual-summary-${year}.csv`);
  const yearRow = annualBytes
    .toString('utf8')
    .split('\r\n')
    .find((line) => line.startsWith('year,'));
  expect(yearRow?.split(',')[14]).toBe('250.00');
  const [trades, tradesBytes] = await downloaded(page, () =>
    dialog.getByRole('button', { name: 'Closed trades (CSV)' }).click(),
  );
  expect(trades.suggestedFilename()).toBe(`nestrado-trade-history-${today}.csv`);
  expect(tradesBytes.toString('utf8').startsWith('trade_id,opened_at_utc')).toBe(true);
  await snap(page, 'statement-dialog-done');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/statement=1/);
});

test('an admin downloads the ledger journal and the balances from /admin, each in the audit log', async ({
  page,
  baseURL,
}) => {
  await signInAsAdmin(page.context(), baseURL ?? '');
  const { today } = days();
  await page.goto('/admin');
  const card = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Ledger exports' }) });
  await card.scrollIntoViewIfNeeded();
  await card.getByLabel('From').fill(today.slice(0, 8) + '01');
  await card.getByLabel('To').fill(today);
  const [journal, journalBytes] = await downloaded(page, () =>
    card.getByRole('button', { name: 'Download journal (CSV)' }).click(),
  );
  expect(journal.suggestedFilename()).toBe(
    `nestrado-journal-${today.slice(0, 8)}01-to-${today}.csv`,
  );
  const lines = journalBytes.toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'entry_id,booked_at_utc,entry_kind,description,transaction_id,posting_id,account_code,account_kind,user_id,amount',
  );
  expect(lines[lines.length - 1]).toMatch(/^total,,,\d+ postings,,,,,,0\.00$/);

  await card.getByLabel('Date', { exact: true }).fill(today);
  const [balances, balancesBytes] = await downloaded(page, () =>
    card.getByRole('button', { name: 'Download balances (CSV)' }).click(),
  );
  expect(balances.suggestedFilename()).toBe(`nestrado-balances-${today}.csv`);
  expect(balancesBytes.toString('utf8').trimEnd().split('\r\n').pop()).toBe('total,,,0.00');
  await expect(card.getByText(`Downloaded ${balances.suggestedFilename()}.`)).toBeVisible();
  await snap(page, 'admin-ledger-exports');

  const audit = await page.request.get('/api/admin/audit?action=export.balances');
  expect(audit.ok()).toBe(true);
  expect(await audit.text()).toContain(today);
});
