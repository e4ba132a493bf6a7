import { describe, expect, it } from 'vitest';
import { createStartupGuard } from './startup-guard';

describe('startup guard', () => {
  it('stops what was started newest first; a stop that fails is reported and the rest still run', async () => {
    const guard = createStartupGuard();
    const stopped: string[] = [];
    guard.started('database', () => Promise.resolve(stopped.push('database')));
    guard.started('feed', () => Promise.reject(new Error('feed stuck')));
    guard.started('scheduler', () => Promise.resolve(stopped.push('scheduler')));
    const errors: [string, string][] = [];
    await guard.stopAll((name, error) => errors.push([name, (error as Error).message]));
    expect(stopped).toEqual(['scheduler', 'database']);
    expect(errors).toEqual([['feed', 'feed stuck']]);
  });

  it('forces, newest first, whatever has a forced stop', () => {
    const guard = createStartupGuard();
    const forced: string[] = [];
    guard.started(
      'database',
      () => Promise.resolve(),
      () => forced.push('database'),
    );
    guard.started('pool', () => Promise.resolve());
    guard.started(
      'workers',
      () => Promise.resolve(),
      () => forced.push('workers'),
    );
    guard.forceAll();
    expect(forced).toEqual(['workers', 'database']);
  });
});
