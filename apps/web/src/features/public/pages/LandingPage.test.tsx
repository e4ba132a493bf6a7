import { UNOFFERED_SERVICE_PATTERNS } from '@app/shared/risk';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { appConfig } from '../../../lib/config';
import { jsonResponse } from '../../../test/fetch';
import { seedPlan } from '../../../test/fixtures';
import { renderPublic } from '../../../test/render';
import type { PublicPlan } from '../api';
import { PerformanceBlock } from '../components/PerformanceBlock';
import { PlansSection } from '../components/PlansSection';
import { LandingPage } from './LandingPage';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      input === '/api/plans'
        ? jsonResponse(200, { plans: PLANS })
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  appConfig.supportHours = null;
  await changeLanguage('en');
});

/** A fresh demo install: the seed's plans on the built-in demo strategies, none featured. */
const PLANS: PublicPlan[] = [
  seedPlan('basic', {
    name: 'Majors Basket',
    runBy: 'demo',
    return30dPct: '2.41',
    maxDrawdownPct: '6.80',
  }),
  seedPlan('silver', {
    name: 'Ada’s Momentum',
    runBy: 'trader',
    return30dPct: '-1.30',
    maxDrawdownPct: '11.25',
  }),
];

function landing() {
  return (
    <>
      <LandingPage />
      <PlansSection />
      <PerformanceBlock />
    </>
  );
}

describe('the landing page names only what this install offers', () => {
  for (const language of ['en', 'es', 'de'] as const) {
    it(`in ${language}: no forex, index, ETF, CFD, advisory or 24/7 claim`, async () => {
      await changeLanguage(language);
      renderPublic(landing());
      await screen.findAllByRole('article');
      const text = document.body.textContent ?? '';
      expect(text.length).toBeGreaterThan(1000);
      const claims = UNOFFERED_SERVICE_PATTERNS.filter((pattern) => pattern.test(text));
      expect(claims).toEqual([]);
    });
  }

  it('lists crypto copy trading with the coins the feed prices, and demo strategies as such', async () => {
    renderPublic(landing());
    const services = screen.getByRole('region', { name: 'Features & Benefits' });
    expect(services.textContent).toContain('Crypto markets');
    expect(services.textContent).toContain('BTC, ETH, SOL, BNB, XRP');
    expect(services.textContent).toContain('Demo strategies');
    // Nothing this install has not built: no practice account; the stop-loss as the server has it.
    expect(services.textContent).not.toMatch(/practice|virtual money/i);
    expect(services.textContent).toContain('40% by default, and you can set 5% to 95%');
    // The plan on a built-in strategy says so; the lead trader's does not.
    const basic = await screen.findByRole('article', { name: 'Basic' });
    expect(within(basic).getByText('Demo strategy')).toBeTruthy();
    const silver = screen.getByRole('article', { name: 'Silver' });
    expect(within(silver).queryByText('Demo strategy')).toBeNull();
    // The track record names the best strategy, a demo one here: labelled as such.
    const record = screen.getByRole('region', { name: 'Real results, including the bad days' });
    expect(record.textContent).toContain('Majors Basket');
    expect(within(record).getByText('Demo strategy')).toBeTruthy();
    // No hours are claimed when the operator has set none.
    expect(basic.textContent).toContain('Support by e-mail from our team');
  });

  it('calls no market data live on an install whose feed is simulated', async () => {
    appConfig.marketData = 'simulated';
    renderPublic(landing());
    await screen.findAllByRole('article');
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/live market data/i);
    expect(text).toContain('When that feed is a simulation, every price on the site says so.');
  });

  it("shows the operator's support hours as set", async () => {
    appConfig.supportHours = 'Mon–Fri 9:00–17:00 CET';
    renderPublic(<PlansSection />);
    const basic = await screen.findByRole('article', { name: 'Basic' });
    expect(basic.textContent).toContain('Support: Mon–Fri 9:00–17:00 CET');
  });
});
