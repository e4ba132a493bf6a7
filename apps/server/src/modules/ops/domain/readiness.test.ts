import { describe, expect, it } from 'vitest';
import { evaluateReadiness } from './readiness';

const MIGRATIONS = ['0001_a.sql', '0002_b.sql'];
const STALE = 300_000;
const NOW = 1_000_000_000;

describe('evaluateReadiness', () => {
  it('is ready when every migration is applied and the last tick is within the bound', () => {
    const facts = {
      reachable: true as const,
      appliedMigrations: MIGRATIONS,
      lastTickAt: NOW - STALE,
    };
    expect(evaluateReadiness(facts, MIGRATIONS, NOW, STALE)).toEqual({
      ready: true,
      checks: { database: 'ok', migrations: 'ok', priceFeed: 'ok' },
    });
  });

  it('names a stale feed one millisecond past the bound, and a feed that never ticked', () => {
    const stale = {
      reachable: true as const,
      appliedMigrations: MIGRATIONS,
      lastTickAt: NOW - STALE - 1,
    };
    expect(evaluateReadiness(stale, MIGRATIONS, NOW, STALE)).toEqual({
      ready: false,
      checks: { database: 'ok', migrations: 'ok', priceFeed: 'stale' },
    });
    const none = { reachable: true as const, appliedMigrations: MIGRATIONS, lastTickAt: null };
    expect(evaluateReadiness(none, MIGRATIONS, NOW, STALE).checks.priceFeed).toBe('none');
  });

  it('names pending migrations when one file of the build is not recorded (extra rows are fine)', () => {
    const facts = {
      reachable: true as const,
      appliedMigrations: ['0001_a.sql', '0000_older.sql'],
      lastTickAt: NOW,
    };
    expect(evaluateReadiness(facts, MIGRATIONS, NOW, STALE)).toEqual({
      ready: false,
      checks: { database: 'ok', migrations: 'pending', priceFeed: 'ok' },
    });
    const newerDatabase = { ...facts, appliedMigrations: [...MIGRATIONS, '0003_c.sql'] };
    expect(evaluateReadiness(newerDatabase, MIGRATIONS, NOW, STALE).ready).toBe(true);
  });

  it('names the database, and nothing it could not check, when it did not answer', () => {
    expect(evaluateReadiness({ reachable: false }, MIGRATIONS, NOW, STALE)).toEqual({
      ready: false,
      checks: { database: 'unreachable', migrations: 'unknown', priceFeed: 'unknown' },
    });
  });
});
