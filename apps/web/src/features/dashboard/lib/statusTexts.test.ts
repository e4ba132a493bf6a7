import { describe, expect, it } from 'vitest';
import { greetingKey, returnLine } from './statusTexts';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');

describe('greetingKey', () => {
  it('greets an account registered a minute ago with "Welcome", not "Welcome back"', () => {
    expect(greetingKey('2026-11-29T11:59:00.000Z', NOW)).toBe('greetingNew');
  });

  it('greets an account registered 23 hours 59 minutes ago as new, one a day old as returning', () => {
    expect(greetingKey('2026-11-28T12:01:00.000Z', NOW)).toBe('greetingNew');
    expect(greetingKey('2026-11-28T12:00:00.000Z', NOW)).toBe('greeting');
    expect(greetingKey('2026-01-01T00:00:00.000Z', NOW)).toBe('greeting');
  });
});

describe('returnLine', () => {
  const trade = { id: 't1' } as never;

  it('says nothing before any deposit', () => {
    expect(returnLine({ percentUp: null, openTrades: [], totalProfitCents: 0 })).toEqual({
      kind: 'none',
    });
  });

  it('says "No investments yet" with money deposited but never invested, not "0.00% since you started investing"', () => {
    expect(returnLine({ percentUp: '0.00', openTrades: [], totalProfitCents: 0 })).toEqual({
      kind: 'notInvested',
    });
    // A bonus raises the formula's figure, but it is still not a return on an investment.
    expect(returnLine({ percentUp: '40.00', openTrades: [], totalProfitCents: 0 })).toEqual({
      kind: 'notInvested',
    });
  });

  it('shows the percentage once the account holds a trade or has booked a trade result', () => {
    expect(returnLine({ percentUp: '0.00', openTrades: [trade], totalProfitCents: 0 })).toEqual({
      kind: 'pct',
      value: '0.00',
    });
    expect(returnLine({ percentUp: '-3.10', openTrades: [], totalProfitCents: -3_100 })).toEqual({
      kind: 'pct',
      value: '-3.10',
    });
  });
});
