import { describe, expect, it } from 'vitest';
import { createCaches } from './caches';

describe('app caches', () => {
  it('two app instances remember nothing of each other', () => {
    const one = createCaches();
    const two = createCaches();
    const names = Promise.resolve(['0001_accounts.sql']);
    one.expectedMigrations.set('build', names);
    expect(one.expectedMigrations.get('build')).toBe(names);
    expect(two.expectedMigrations.get('build')).toBeUndefined();
  });

  it('clear forgets every entry', () => {
    const caches = createCaches();
    caches.expectedMigrations.set('build', Promise.resolve([]));
    caches.expectedMigrations.clear();
    expect(caches.expectedMigrations.get('build')).toBeUndefined();
  });
});
