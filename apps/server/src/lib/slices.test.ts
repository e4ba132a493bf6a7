import { describe, expect, it } from 'vitest';
import { forEachInSlices } from './slices';

describe('forEachInSlices', () => {
  it('visits every item in order, letting other work run between slices only', async () => {
    const seen: string[] = [];
    // Work queued before the slices start: it runs after the first slice, not after the last.
    setImmediate(() => seen.push('other'));
    await forEachInSlices([1, 2, 3, 4, 5], 2, (n) => seen.push(String(n)));
    expect(seen).toEqual(['1', '2', 'other', '3', '4', '5']);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await forEachInSlices([], 3, () => (calls += 1));
    expect(calls).toBe(0);
  });
});
