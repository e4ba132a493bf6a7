import { vi } from 'vitest';

/**
 * Waits for a condition, never for a time: retries `check` until it holds and returns what it
 * returned. The check is an assertion (it throws until it passes) or a predicate (it returns
 * `false` until it holds). The one poller of the server and web tests: a fixed sleep is either a
 * race that passes by luck or an assertion that can never fail.
 *
 *   await eventually(() => expect(received).toContain('hello'));
 *   await eventually(() => socket.types.includes('hello'));
 *
 * Built on vitest's `vi.waitFor` (under fake timers it advances them on each try). For one value
 * to assert on, `await expect.poll(() => read()).toBe(x)` reads as well.
 */
export function eventually<T>(
  check: () => T | Promise<T>,
  options: { timeout?: number; interval?: number } = {},
): Promise<Exclude<T, false>> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (value === false) throw new Error(`still false: ${String(check)}`);
      return value as Exclude<T, false>;
    },
    { timeout: options.timeout ?? 5000, interval: options.interval ?? 10 },
  );
}
