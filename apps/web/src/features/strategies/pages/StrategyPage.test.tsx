import { RISK_WARNING } from '@app/shared/risk';
import type { StrategyRecord } from '@app/shared/schemas/strategies';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fetch';
import { renderRoute } from '../../../test/render';
import { StrategyPage } from './StrategyPage';

// The chart library draws on a canvas; here the chart shows what it was given to draw.
vi.mock('../components/RecordChart', () => ({
  default: ({ points, label }: { points: { at: string; value: string }[]; label: string }) => (
    <div data-testid="record-chart" aria-label={label}>
      {points.map((p) => `${p.at}=${p.value}`).join(' ')}
    </div>
  ),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '11111111-1111-4111-8111-111111111111';
const strategy = {
  id: ID,
  name: 'Trend Rider',
  description: 'Follows trends',
  runBy: 'demo',
  leadTraderName: null,
  nav: '1.1234',
  navAt: '2026-11-29T08:00:00.000Z',
  paused: false,
  positions: [{ symbol: 'BTCUSDT', side: 'long', weightPct: '25.03' }],
  return30dPct: '12.00',
  avgDailyReturnPct: '0.38',
  maxDrawdownPct: '4.00',
  losingDays: 9,
  copiers: 1234,
  aumCents: 0,
};

const latestNav = { at: '2026-11-29T08:00:00.000Z', nav: '1.12' };
/** A record 30 days and an hour long: 7 and 30 days and "since start", no 90 days, no year. */
const record: StrategyRecord = {
  strategyId: ID,
  asOf: '2026-11-29T08:00:30.000Z',
  returns: { '7d': '-0.52', '30d': '12.00', '90d': null, '1y': null, all: '12.00' },
  windowStarts: {
    '7d': { at: '2026-11-22T08:00:00.000Z', nav: '1.125851' },
    '30d': { at: '2026-10-30T07:00:00.000Z', nav: '1' },
    '90d': null,
    '1y': null,
    all: { at: '2026-10-30T07:00:00.000Z', nav: '1' },
  },
  latestNav,
  navHistory: [
    { at: '2026-10-30T23:00:00.000Z', nav: '1.01' },
    { at: '2026-11-15T23:00:00.000Z', nav: '1.08' },
    { at: '2026-11-28T23:00:00.000Z', nav: '1.11' },
    latestNav,
  ],
  monthly: [{ month: '2026-11', returnPct: '-1.5', partial: true }],
  maxDrawdownPct: '4.00',
  drawdown: [],
  risk: { annualVolatilityPct: '1234.5', sharpeRatio: '-0.5', riskScore: 4, dailyReturnCount: 30 },
  closedPositions: { count: 1500, winRatePct: '55.5', averageWinPct: '2', averageLossPct: '-1' },
  copierOutcomes: {
    opened: 0,
    closed: 0,
    profitableSharePct: null,
    lowerQuartilePct: null,
    medianPct: null,
    upperQuartilePct: null,
  },
  copying: [],
};

const orders = [
  {
    id: '42',
    at: '2026-11-29T07:00:00.000Z',
    symbol: 'BTCUSDT',
    side: 'long',
    change: 'reduce',
    quantityPerUnit: '0.000006234567891234',
    price: '79735.61',
    realisedPnlPerUnit: '-0.00833169510385516202',
  },
  {
    id: '41',
    at: '2026-11-29T06:00:00.000Z',
    symbol: 'ETHUSDT',
    side: 'short',
    change: 'increase',
    quantityPerUnit: '0.25',
    price: '2.29745',
    realisedPnlPerUnit: null,
  },
];

function open(withRecord: StrategyRecord = record) {
  const api = stubApi((call) => {
    if (call.path === '/api/strategies') return { body: { strategies: [strategy] } };
    if (call.path === `/api/strategies/${ID}/record`) return { body: withRecord };
    if (call.path === `/api/strategies/${ID}/orders`) {
      return { body: { orders, nextBefore: null } };
    }
    if (call.path === `/api/strategies/${ID}/nav`) {
      return { body: { strategyId: ID, points: [{ at: '2026-11-25T08:00:00.000Z', nav: '1.1' }] } };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', api.fetchStub);
  return renderRoute(<StrategyPage />, {
    entry: `/strategies/${ID}`,
    routePath: '/strategies/:id',
  });
}

const rangeButton = (name: string) =>
  within(screen.getByRole('group', { name: 'Range' })).getByRole('button', { name });

describe('a strategy page’s window: the selected range, its line and its figure agree', () => {
  it('opens on 30 days, the cards’ and the directory’s window, with the line its return is measured on', async () => {
    open();
    const chart = await screen.findByTestId('record-chart');
    expect(rangeButton('30 days').getAttribute('aria-pressed')).toBe('true');
    expect(rangeButton('90 days').getAttribute('aria-pressed')).toBe('false');
    screen.getByText('30 days: +12.00%');
    // From the NAV in force 30 days ago (1) to the latest (1.12): +12 %, the figure beside it.
    expect(chart.textContent).toBe(
      [
        '2026-10-30T07:00:00.000Z=1',
        '2026-10-30T23:00:00.000Z=1.01',
        '2026-11-15T23:00:00.000Z=1.08',
        '2026-11-28T23:00:00.000Z=1.11',
        '2026-11-29T08:00:00.000Z=1.12',
      ].join(' '),
    );
    expect(chart.getAttribute('aria-label')).toBe('NAV chart, 30 days: from 1.0000 to 1.1200');
  });

  it('a window the record does not reach back to has neither a line nor a figure', async () => {
    open();
    await screen.findByTestId('record-chart');
    fireEvent.click(rangeButton('90 days'));
    expect(rangeButton('90 days').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('record-chart')).toBeNull();
    expect(screen.getByTestId('nav-no-line').textContent).toContain(
      'the record does not reach back that far yet',
    );
    fireEvent.click(rangeButton('Since start'));
    expect((await screen.findByTestId('record-chart')).textContent).toMatch(
      /^2026-10-30T07:00:00.000Z=1 .* 2026-11-29T08:00:00.000Z=1.12$/,
    );
    screen.getByText('Since start: +12.00%');
  });

  it('a record younger than 30 days opens on its whole life, not on an empty window', async () => {
    open({
      ...record,
      returns: { ...record.returns, '30d': null },
      windowStarts: { ...record.windowStarts, '30d': null },
    });
    await screen.findByTestId('record-chart');
    expect(rangeButton('Since start').getAttribute('aria-pressed')).toBe('true');
    screen.getByText('Since start: +12.00%');
  });
});

describe('every number on a strategy’s page goes through the formatters', () => {
  it('the order log: grouped prices, per-unit figures at a sensible precision, one minus sign', async () => {
    open();
    const log = await screen.findByRole('table', { name: 'Order log' });
    const first = within(log).getAllByRole('row')[1]!.textContent;
    expect(first).toContain('79,735.61');
    // The time as the desk and every other screen write it (lib/dates), not Intl's "Nov 29, 2026, 7:00 AM".
    expect(first).toContain('11/29/2026 07:00 UTC');
    // A quantity per unit as the trader's desk writes it (issue 39: '0.0000051' beside '0.0000050955').
    expect(first).toContain('0.0000062346');
    expect(first).toContain('-0.0083');
    expect(first).not.toContain('79735.61');
    expect(first).not.toContain('0.00833169510385516202');
    expect(within(log).getAllByRole('row')[2]!.textContent).toContain('2.2975');
  });

  it('the figures: grouped, with the formatter’s "-" and never a raw decimal', async () => {
    open();
    await screen.findByRole('table', { name: 'Order log' });
    const text = document.body.textContent ?? '';
    expect(text).toContain('1,234.50%'); // volatility
    expect(text).toContain('-0.50'); // Sharpe ratio
    expect(text).toContain('1,500'); // positions closed
    expect(text).toContain('55.50%'); // win rate
    expect(text).toContain('25.03%'); // a holding's weight
    expect(text).toContain('-1.50%'); // this month so far
    expect(text).not.toMatch(/\u2212/);
  });
});

describe('a strategy page says what it is and warns in the one standard text', () => {
  it('labels a demo strategy with the Demo strategy badge beside its name', async () => {
    open();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Trend Rider' });
    expect(heading.parentElement?.textContent).toContain('Demo strategy');
  });

  it('gives the risk warning once, in the product’s words, and no other past-performance wording', async () => {
    const { container } = open();
    await screen.findByRole('heading', { level: 1, name: 'Trend Rider' });
    const text = (container.textContent ?? '').replace(/\s+/g, ' ');
    expect(text.split(RISK_WARNING)).toHaveLength(2);
    expect(text).not.toMatch(/not a guide/i);
  });
});
