import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';
import { DirectoryPage } from './DirectoryPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function entry(id: string, name: string, runBy: 'demo' | 'trader') {
  return {
    id,
    name,
    description: `${name} description`,
    runBy,
    leadTraderName: runBy === 'trader' ? 'Ada' : null,
    nav: '1.05',
    navAt: '2026-11-29T08:00:00.000Z',
    startedAt: '2026-10-30T08:00:00.000Z',
    paused: false,
    positions: [],
    return30dPct: '5.00',
    avgDailyReturnPct: '0.17',
    maxDrawdownPct: '3.00',
    losingDays: 4,
    copiers: 0,
    aumCents: 0,
    returns: { '7d': '1.00', '30d': '5.00', '90d': null, '1y': null, all: '5.00' },
    recordMaxDrawdownPct: '3.00',
    riskScore: 3,
    plans: [],
  };
}

describe('the strategy directory', () => {
  it('labels each demo strategy "Demo strategy", as its plan cards and page do; a lead trader’s not', async () => {
    const api = stubApi((call) =>
      call.path === '/api/strategies/directory'
        ? {
            body: {
              strategies: [
                entry('11111111-1111-4111-8111-111111111111', 'Majors Basket', 'demo'),
                entry('22222222-2222-4222-8222-222222222222', 'Ada’s Momentum', 'trader'),
              ],
            },
          }
        : undefined,
    );
    vi.stubGlobal('fetch', api.fetchStub);
    renderRoute(<DirectoryPage />, { entry: '/strategies', routePath: '/strategies' });
    const cards = await screen.findAllByRole('article');
    const byName = (name: string) => {
      const card = cards.find((one) => one.textContent?.includes(name));
      if (!card) throw new Error(`no card for ${name}`);
      return card;
    };
    expect(within(byName('Majors Basket')).getByText('Demo strategy')).toBeTruthy();
    expect(within(byName('Ada’s Momentum')).queryByText('Demo strategy')).toBeNull();
  });
});
