import { describe, expect, it } from 'vitest';
import { chainHealth, type WatcherFacts } from './chain-health';

const NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
const watcher = (overrides: Partial<WatcherFacts> = {}): WatcherFacts => ({
  network: 'ethereum',
  token: 'USDC',
  blocksBehind: 4,
  lastPassAt: new Date(NOW - 7_500),
  lastError: null,
  ...overrides,
});

describe('chainHealth', () => {
  it('running: blocks behind and the age of the last pass per watcher', () => {
    expect(chainHealth([watcher()], NOW)).toEqual({
      crediting: 'running',
      servingUnaffected: true,
      note: 'Deposits on the chain are credited as their confirmations arrive.',
      watchers: [
        {
          network: 'ethereum',
          token: 'USDC',
          blocksBehind: 4,
          lastPassAgeSeconds: 7.5,
          failing: false,
        },
      ],
    });
  });

  it('an RPC outage pauses crediting and says serving goes on', () => {
    const health = chainHealth(
      [watcher(), watcher({ network: 'base', lastError: 'fetch failed' })],
      NOW,
    );
    expect(health.crediting).toBe('paused');
    expect(health.servingUnaffected).toBe(true);
    expect(health.note).toContain('the instance keeps serving');
    // The error's text is not on the public probe (it may name the RPC's URL and key).
    expect(health.watchers[1]).toEqual({
      network: 'base',
      token: 'USDC',
      blocksBehind: 4,
      lastPassAgeSeconds: 7.5,
      failing: true,
    });
  });

  it('starting before a first pass: nothing known yet', () => {
    const health = chainHealth([watcher({ blocksBehind: null, lastPassAt: null })], NOW);
    expect(health.crediting).toBe('starting');
    expect(health.watchers[0]).toMatchObject({ blocksBehind: null, lastPassAgeSeconds: null });
  });
});
