import { describe, expect, it } from 'vitest';
import { boundedRunner } from './image';

describe('boundedRunner', () => {
  it('runs at most two at once, queues one more, and refuses the next at once with 429', async () => {
    const runner = boundedRunner(2, 1);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const task = () =>
      runner.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return 'done';
      });
    const first = task();
    const second = task();
    const queued = task();
    await expect(task()).rejects.toMatchObject({ code: 'AVATAR_UPLOADS_BUSY', status: 429 });
    await Promise.resolve();
    expect(releases).toHaveLength(2); // the third waits for a slot
    releases.shift()?.();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(releases).toHaveLength(2); // the queued one took the freed slot
    for (const release of releases.splice(0)) release();
    expect(await Promise.all([second, queued])).toEqual(['done', 'done']);
    expect(most).toBe(2);
  });
});
