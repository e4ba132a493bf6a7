import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type Reply } from '../../../test/fetch';
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

/** Stubs fetch: the directory answers `answer` for the query it was asked (anything else 404). */
function directoryApi(answer: (query: URLSearchParams) => Reply) {
  const api = stubApi((call) =>
    call.path === '/api/strategies/directory' ? answer(call.query) : undefined,
  );
  vi.stubGlobal('fetch', api.fetchStub);
  return api;
}

describe('the strategy directory', () => {
  it('labels each demo strategy "Demo strategy", as its plan cards and page do; a lead trader’s not', async () => {
    directoryApi(() => ({
      body: {
        strategies: [
          entry('11111111-1111-4111-8111-111111111111', 'Majors Basket', 'demo'),
          entry('22222222-2222-4222-8222-222222222222', 'Ada’s Momentum', 'trader'),
        ],
        nextCursor: null,
      },
    }));
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

/** The names of the cards shown, in order. */
async function cardNames(count: number): Promise<string[]> {
  await screen.findAllByRole('article');
  const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
  expect(names).toHaveLength(count);
  return names;
}

describe('the strategy directory, a page at a time from the server', () => {
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('asks for the view its address names and shows the server’s order; "Show more" adds the next page', async () => {
    const api = directoryApi((query) =>
      query.get('cursor') === 'page-2'
        ? { body: { strategies: [entry(id(3), 'Third', 'demo')], nextCursor: null } }
        : {
            body: {
              // Against the risk scores on the cards: the page keeps the server's order, it sorts nothing.
              strategies: [
                { ...entry(id(2), 'Zeta', 'demo'), riskScore: 9 },
                { ...entry(id(1), 'Alpha', 'trader'), riskScore: 1 },
              ],
              nextCursor: 'page-2',
            },
          },
    );
    renderRoute(<DirectoryPage />, {
      entry: '/strategies?sort=risk&window=1y&paused=false',
      routePath: '/strategies',
    });
    expect(await cardNames(2)).toEqual(['Zeta', 'Alpha']);
    const asked = api.calls.filter((c) => c.path === '/api/strategies/directory');
    expect(asked.map((c) => Object.fromEntries(c.query))).toEqual([
      { sort: 'risk', window: '1y', paused: 'false' },
    ]);
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('risk');
    expect(screen.getByLabelText<HTMLSelectElement>('Returns over').value).toBe('1y');
    expect(screen.getByLabelText<HTMLInputElement>('Show paused strategies').checked).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Show more strategies' }));
    await screen.findByText('Third');
    expect(await cardNames(3)).toEqual(['Zeta', 'Alpha', 'Third']);
    expect(Object.fromEntries(api.calls.at(-1)?.query ?? [])).toEqual({
      sort: 'risk',
      window: '1y',
      paused: 'false',
      cursor: 'page-2',
    });
    // The last page: no button.
    expect(screen.queryByRole('button', { name: 'Show more strategies' })).toBeNull();
  });

  it('opens on the default view and asks the server again when the reader changes the order', async () => {
    const api = directoryApi((query) => ({
      body: {
        strategies: [
          entry(id(1), query.get('sort') === 'copiers' ? 'Most copied' : 'Best', 'demo'),
        ],
        nextCursor: null,
      },
    }));
    const { router } = renderRoute(<DirectoryPage />, {
      entry: '/strategies',
      routePath: '/strategies',
    });
    await screen.findByText('Best');
    expect(screen.getByLabelText<HTMLInputElement>('Show paused strategies').checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'copiers' } });
    await screen.findByText('Most copied');
    expect(router.state.location.search).toBe('?sort=copiers');
    expect(
      api.calls.filter((c) => c.path === '/api/strategies/directory').map((c) => c.url),
    ).toEqual([
      '/api/strategies/directory?sort=return&window=30d&paused=true',
      '/api/strategies/directory?sort=copiers&window=30d&paused=true',
    ]);
  });

  it('says so when no strategy is listed, and when the directory could not be loaded', async () => {
    directoryApi(() => ({ body: { strategies: [], nextCursor: null } }));
    renderRoute(<DirectoryPage />, { entry: '/strategies', routePath: '/strategies' });
    expect(await screen.findByText('No strategy matches')).toBeTruthy();
    cleanup();
    directoryApi(() => ({
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Internal error' } },
    }));
    renderRoute(<DirectoryPage />, { entry: '/strategies', routePath: '/strategies' });
    expect(await screen.findByText('The strategies could not be loaded')).toBeTruthy();
  });
});
