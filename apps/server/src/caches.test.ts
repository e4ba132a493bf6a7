import { describe, expect, it } from 'vitest';
import { cacheKey, createCaches } from './caches';

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

  it('keeps one value per key and instance, built on first use', () => {
    const counter = cacheKey<{ open: number }>('counter');
    const one = createCaches();
    const two = createCaches();
    let built = 0;
    const build = () => {
      built += 1;
      return { open: 0 };
    };
    one.keep(counter, build).open += 1;
    expect(one.keep(counter, build).open).toBe(1);
    expect(two.keep(counter, build).open).toBe(0);
    expect(built).toBe(2);
  });

  it('two keys of the same name are two entries', () => {
    const caches = createCaches();
    const first = cacheKey<string>('name');
    const second = cacheKey<string>('name');
    caches.keep(first, () => 'first');
    expect(caches.keep(second, () => 'second')).toBe('second');
  });
});
