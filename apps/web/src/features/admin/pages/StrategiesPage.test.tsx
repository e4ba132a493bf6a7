import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { feeOutsideBoundsReply, strategyTerms } from '../../../test/fixtures';
import { jane } from '../test/fixtures';
import { StrategiesPage } from './StrategiesPage';
import { adminMe, signedInForEachTest } from '../test/setup';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const me = adminMe;
const grace = { ...jane, id: '44444444-4444-4444-8444-444444444444', name: 'Grace Free' };
const busy = { ...jane, id: '55555555-5555-4555-8555-555555555555', name: 'Bea Busy' };

const strategy = {
  id: 's-1',
  name: 'Bea Trend',
  description: 'Trend',
  runBy: 'trader',
  leadTraderId: busy.id,
  leadTraderName: 'Bea Busy',
  nav: '1.0000',
  navAt: null,
  paused: false,
  positions: [],
  terms: strategyTerms({ retired: true }),
  return30dPct: null,
  avgDailyReturnPct: null,
  maxDrawdownPct: null,
  losingDays: 0,
  copiers: 0,
  aumCents: 0,
};

signedInForEachTest();

function stub(
  createReply?: { status: number; body: unknown },
  traders: readonly (typeof jane)[] = [grace, busy],
) {
  const api = stubApi((call) => {
    if (call.path === '/api/auth/me') return { body: { user: me } };
    if (call.path === '/api/market/source') return { body: { source: 'simulated' } };
    if (call.path === '/api/admin/strategies' && call.method === 'GET') {
      return { body: { strategies: [strategy] } };
    }
    if (call.path === '/api/admin/users') {
      return { body: { users: traders, nextCursor: null } };
    }
    if (call.path === `/api/admin/strategies/${strategy.id}/lead-trader`) {
      return { body: { strategy } };
    }
    if (call.path === '/api/admin/settings/trader-fees' && call.method === 'GET') {
      return { body: { feeMinPct: '5', feeMaxPct: '25' } };
    }
    if (call.path === '/api/admin/settings/trader-fees' && call.method === 'PUT') {
      return { body: call.body };
    }
    if (call.path === '/api/admin/strategies' && call.method === 'POST') {
      return createReply ?? { status: 201, body: { strategy: { ...strategy, id: 's-2' } } };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', api.fetchStub);
  return api;
}

/** Shows the page listing `strategies`, with no user to choose from. */
function showStrategies(strategies: readonly object[]) {
  const api = stubApi((call) => {
    if (call.path === '/api/auth/me') return { body: { user: me } };
    if (call.path === '/api/market/source') return { body: { source: 'simulated' } };
    if (call.path === '/api/admin/strategies') return { body: { strategies } };
    if (call.path === '/api/admin/users') return { body: { users: [], nextCursor: null } };
    if (call.path === '/api/admin/settings/trader-fees') {
      return { body: { feeMinPct: '5', feeMaxPct: '25' } };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', api.fetchStub);
  renderAt('/admin/strategies', <StrategiesPage />, '/admin/strategies');
}

async function openCreate() {
  await screen.findByText('Bea Trend');
  fireEvent.click(screen.getByRole('button', { name: 'New strategy' }));
  return screen.findByRole('form', { name: 'New strategy for a lead trader' });
}

describe('StrategiesPage: a strategy for a lead trader', () => {
  it('offers only traders without a strategy (a retired one counts) and refuses bad terms by field without asking the server', async () => {
    const { calls } = stub();
    renderAt('/admin/strategies', <StrategiesPage />, '/admin/strategies');
    const form = await openCreate();
    const select = within(form).getByLabelText('Lead trader');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a lead trader', `Grace Free (${grace.email})`]),
    );
    expect(await within(form).findByText(/From 5% to 25%/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'New strategy' }));
    expect(await within(form).findByText('Choose a lead trader', { selector: 'p' })).toBeTruthy();
    expect(within(form).getByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Choose at least one instrument, each once')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the same terms as the trader form and puts a refusal on the field the server names', async () => {
    const { calls } = stub(feeOutsideBoundsReply);
    renderAt('/admin/strategies', <StrategiesPage />, '/admin/strategies');
    const form = await openCreate();
    const select = within(form).getByLabelText('Lead trader');
    await within(select).findByText(`Grace Free (${grace.email})`);
    fireEvent.change(select, { target: { value: grace.id } });
    fireEvent.change(within(form).getByLabelText('Strategy name'), {
      target: { value: 'Grace Trend' },
    });
    fireEvent.change(within(form).getByLabelText('Description'), {
      target: { value: 'Long or flat Bitcoin.' },
    });
    fireEvent.click(within(form).getByLabelText('BTCUSDT'));
    fireEvent.change(within(form).getByLabelText('Performance fee (%)'), {
      target: { value: '26' },
    });
    fireEvent.change(within(form).getByLabelText('Minimum copy amount ($)'), {
      target: { value: '100' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'New strategy' }));
    expect(await within(form).findByText('Performance fee must be from 5% to 25%')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      userId: grace.id,
      name: 'Grace Trend',
      description: 'Long or flat Bitcoin.',
      instruments: ['BTCUSDT'],
      performanceFeePct: '26',
      minCopy: '100',
      maxCopiers: null,
    });
    expect(toast.error).toHaveBeenCalledWith('Failed to create strategy', {
      description: 'Performance fee must be from 5% to 25%',
    });
  });
});

describe('StrategiesPage: handing a retired strategy over', () => {
  async function openHandOver() {
    await screen.findByText('Bea Trend');
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    return screen.findByRole('dialog', { name: 'Hand Bea Trend to another lead trader' });
  }

  it('says no other lead trader is free, links to the applications and disables Save with that reason', async () => {
    const { calls } = stub(undefined, [busy]);
    renderAt('/admin/strategies', <StrategiesPage />, '/admin/strategies');
    const dialog = await openHandOver();
    const link = await within(dialog).findByRole('link', {
      name: 'Approve another lead trader first',
    });
    expect(link.getAttribute('href')).toBe('/admin/trader-applications');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const reason = document.getElementById(save.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      'No other approved lead trader is free to take it: each one already runs a strategy (a retired one counts). Approve another lead trader first',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('offers only free lead traders, says a choice is missing, then hands it over', async () => {
    const { calls } = stub();
    renderAt('/admin/strategies', <StrategiesPage />, '/admin/strategies');
    const dialog = await openHandOver();
    const select = await within(dialog).findByLabelText('Lead trader');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a lead trader', `Grace Free (${grace.email})`]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a lead trader', { selector: 'p' })).toBeTruthy();
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(select, { target: { value: grace.id } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
        [`/api/admin/strategies/${strategy.id}/lead-trader`, { userId: grace.id }],
      ]),
    );
  });
});

describe('StrategiesPage: the fee bounds', () => {
  it('refuses reversed bounds on the highest fee, then saves after the confirmation', async () => {
    const { calls } = stub();
    renderAt('/admin/strategies', <StrategiesPage />, '/admin/strategies');
    const form = await screen.findByRole('form', { name: "Lead traders' performance fees" });
    const min = await within(form).findByLabelText('Lowest fee (%)');
    expect((min as HTMLInputElement).value).toBe('5');
    fireEvent.change(min, { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('The highest fee must be at least the lowest'),
    ).toBeTruthy();
    fireEvent.change(min, { target: { value: '2.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Allow performance fees from 2.5% to 25%?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Fee bounds saved successfully'),
    );
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { feeMinPct: '2.5', feeMaxPct: '25' },
    ]);
  });
});

describe('StrategiesPage: a strategy without history', () => {
  it('says "Not enough history yet" for its return and drawdown, as the public pages do, not 0.00%', async () => {
    showStrategies([{ ...strategy, id: 'young', name: 'Young' }]);
    const row = (await screen.findAllByText('Young'))[0]?.closest('tr');
    expect(row).toBeTruthy();
    expect(within(row as HTMLElement).getAllByText('Not enough history yet')).toHaveLength(2);
    expect(row?.textContent).not.toContain('0.00%');
  });
});

describe('StrategiesPage: the drawdown', () => {
  it('is a size in red, as the plan cards and public pages write it, never with a minus', async () => {
    showStrategies([{ ...strategy, id: 'fell', name: 'Fell', maxDrawdownPct: '12.56' }]);
    const row = (await screen.findAllByText('Fell'))[0]?.closest('tr') as HTMLElement;
    const drawdown = within(row).getByText('12.56%');
    expect(drawdown.className).toContain('text-danger');
    expect(row.textContent).not.toContain('-12.56%');
  });
});

describe('StrategiesPage: the 30-day return', () => {
  it('is green for a gain, red for a loss and muted when it reads 0.00%', async () => {
    const returns = { flat: '0.00', down: '-1.20', up: '3.40' };
    showStrategies(
      Object.entries(returns).map(([name, pct]) => ({
        ...strategy,
        id: name,
        name,
        return30dPct: pct,
      })),
    );
    const toneOf = async (text: string) => {
      const shown = await screen.findAllByText(text);
      return new Set(
        shown.map((element) => element.className.match(/text-(brand-strong|danger|muted)/)?.[1]),
      );
    };
    expect(await toneOf('0.00%')).toEqual(new Set(['muted']));
    expect(await toneOf('-1.20%')).toEqual(new Set(['danger']));
    expect(await toneOf('3.40%')).toEqual(new Set(['brand-strong']));
  });
});
