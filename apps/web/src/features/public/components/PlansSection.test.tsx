import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicPlan } from '../api';
import { jsonResponse } from '../../../test/fetch';
import { seedPlan } from '../../../test/fixtures';
import { useAuthStore } from '../../../lib/auth';
import { renderPublic, renderSignedIn } from '../../../test/render';
import { PerformanceBlock } from './PerformanceBlock';
import { PlansSection } from './PlansSection';
import { mockFetchForEachTest } from '../test/setup';

const fetchMock = mockFetchForEachTest();
afterEach(() => useAuthStore.setState({ user: null }));

const PLANS: PublicPlan[] = [
  seedPlan('basic', { name: 'Majors Basket', return30dPct: '2.41', maxDrawdownPct: '-6.80' }),
  seedPlan(
    'silver',
    { name: 'Trend Follower', return30dPct: '-1.3', maxDrawdownPct: '-11.25' },
    { recommended: true, performanceFeePct: '10' },
  ),
  seedPlan('gold', null, { performanceFeePct: '15' }),
  seedPlan(
    'platinum',
    { name: 'New One', return30dPct: null, maxDrawdownPct: null },
    { performanceFeePct: '20' },
  ),
];

function both() {
  return (
    <>
      <PlansSection />
      <PerformanceBlock />
    </>
  );
}

describe('PlansSection and PerformanceBlock', () => {
  it('send a signed-in reader to /plans to invest, not to sign-up', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { plans: PLANS }));
    renderSignedIn(both(), '/', '/');
    const silver = await screen.findByRole('article', { name: 'Silver' });
    expect(within(silver).getByRole('link', { name: 'Invest Now' }).getAttribute('href')).toBe(
      '/plans',
    );
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/plans');
  });

  it('show the server figures on four cards, each with Invest Now to /register', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { plans: PLANS }));
    renderPublic(both());
    const silver = await screen.findByRole('article', { name: 'Silver' });
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(silver.textContent).toContain('$1,000.00 – $4,999.00');
    // The operator's Featured label, with its note that it is not advice.
    expect(silver.textContent).toContain('Featured');
    expect(silver.textContent).toContain('This is not personal advice');
    expect(silver.textContent).not.toContain('Recommended');
    expect(screen.getByRole('article', { name: 'Basic' }).textContent).not.toContain('Featured');
    expect(silver.textContent).toContain('-1.30%');
    expect(silver.textContent).toContain('11.25%');
    // Past figures of a strategy on the simulated feed are labelled as such on the card.
    expect(silver.textContent).toContain('Simulated market data');
    expect(silver.textContent).toContain('7 days');
    expect(silver.textContent).toContain('10%');
    expect(within(silver).getByRole('link', { name: 'Invest Now' }).getAttribute('href')).toBe(
      '/register',
    );
    // A strategy without history: the same words as its public page, for every past figure.
    const platinum = screen.getByRole('article', { name: 'Platinum' });
    expect(within(platinum).getAllByText('Not enough history yet')).toHaveLength(3);
    const gold = screen.getByRole('article', { name: 'Gold' });
    expect(gold.textContent).toContain('Not assigned yet');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/plans');

    // The best real 30-day return, not a promise.
    expect(
      screen.getByText(
        'Majors Basket, our best-performing strategy over the last 30 days, returned +2.41%.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Its largest fall from a peak in that time was 6.80%.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(screen.getByRole('note', { name: 'Risk warning' }).textContent).toContain(
      'You can lose some or all of the money you invest.',
    );
  });

  it('stay quiet with no figures while the endpoint is missing', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
    );
    renderPublic(both());
    expect(screen.getByRole('status', { name: 'Loading plans' })).toBeTruthy();
    expect(await screen.findByText('Plans will appear here soon')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(document.body.textContent).not.toMatch(/\d+\.\d\d%/);
    expect(screen.getByText(/appears here once it has enough history/)).toBeTruthy();
  });
});
