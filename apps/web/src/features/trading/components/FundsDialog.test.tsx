import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { openTrade, silverPlan } from '../../../test/fixtures';
import { renderSignedIn } from '../../../test/render';
import { FundsDialog } from './FundsDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A $2,500 copy (2,500 units) now worth $2,499.00 at NAV 0.9996. */
const trade = openTrade({
  amountCents: 250_000,
  units: '2500',
  entryNav: '1',
  currentNav: '0.9996',
  valueCents: 249_900,
  profitCents: -100,
  roiPct: '-0.04',
});

/** What GET .../funds-quote answers for $300 out, as the server's rule works it out. */
const quote = {
  action: 'remove',
  nav: '0.9996',
  amountCents: 30_000,
  units: '300.12004802',
  costCents: 30_012,
  feeCents: 0,
  payoutCents: 30_000,
  profitCents: -12,
  after: { amountCents: 219_988, units: '2199.87995198', valueCents: 219_899 },
};

/**
 * Fakes the API (the funds quote answers `fundsQuote`), asks to take $300 out of `copy` and reviews:
 * returns the "why" box with its heading and explanation lines.
 */
async function reviewTakingOut300(copy: typeof trade, fundsQuote: object) {
  fakeApi({
    'GET /api/plans': { body: { plans: [{ ...silverPlan, minCents: 100_000 }] } },
    'GET /api/account/summary': { body: {} },
    'GET /api/trades/t1/funds-quote': { body: fundsQuote },
  });
  renderSignedIn(
    <FundsDialog trade={copy} action="remove" onClose={() => {}} />,
    '/dashboard',
    '/dashboard',
  );
  fireEvent.change(await screen.findByLabelText('Amount to take out'), {
    target: { value: '300' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Review' }));
  const why = await screen.findByTestId('funds-why');
  const lines = within(why)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  return { why, lines };
}

describe('FundsDialog › Remove funds', () => {
  it('explains why the Trade Amount after is $2,199.88, not $2,200.00, from the shared rule', async () => {
    const { why, lines } = await reviewTakingOut300(trade, quote);
    expect(
      within(why).getByRole('heading', {
        name: 'Why the Trade Amount falls by $300.12, not $300.00',
      }),
    ).toBeTruthy();
    expect(lines).toEqual([
      'Your trade is worth $2,499.00 now, while its Trade Amount (what you put in, less what you have taken out) is $2,500.00: it is $1.00 down.',
      'Taking out $300.00 sells 300.12004802 units at 0.9996. Those units cost $300.12 of the Trade Amount, so it falls by $300.12 to $2,199.88.',
      'Sold for less than they cost, they realise a loss of $0.12.',
      'No performance fee is due on these units, so all $300.00 reaches your available balance.',
      'Units are counted to 8 decimals, rounded up so the units sold are worth the $300.00 asked; values are rounded down to the cent and the cost to the nearest cent.',
    ]);
    // The explanation's figures are the quote's (what will be booked).
    expect(screen.getByTestId('funds-amount-after').textContent).toContain('$2,199.88');
  });
});

describe('FundsDialog › Remove funds from a copy that pays no performance fee', () => {
  it('says the plan charges none, not that none is due on these units', async () => {
    // $300 out of a $2,700 copy worth $2,916.00 at NAV 1.35, on a plan with a 0% fee.
    const feeFree = openTrade({
      amountCents: 270_000,
      units: '2160',
      entryNav: '1.25',
      currentNav: '1.35',
      valueCents: 291_600,
      profitCents: 21_600,
      roiPct: '8.00',
      performanceFeePct: '0.00',
    });
    const { why, lines } = await reviewTakingOut300(feeFree, {
      action: 'remove',
      nav: '1.35',
      amountCents: 30_000,
      units: '222.22222223',
      costCents: 27_778,
      feeCents: 0,
      payoutCents: 30_000,
      profitCents: 2_222,
      after: { amountCents: 242_222, units: '1937.77777777', valueCents: 261_599 },
    });
    expect(
      within(why).getByRole('heading', {
        name: 'Why the Trade Amount falls by $277.78, not $300.00',
      }),
    ).toBeTruthy();
    expect(lines).toContain(
      'This plan charges no performance fee, so all $300.00 reaches your available balance.',
    );
    expect(lines.join(' ')).not.toContain('No performance fee is due');
  });
});
