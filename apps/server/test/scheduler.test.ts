import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createScheduler } from '../src/jobs/scheduler';
import { createTestApp, useAppFrom, TestClock, type TestApp } from './harness';

let t: TestApp;
useAppFrom(createTestApp, (made) => (t = made));

describe('scheduler', () => {
  it('runs jobs in one instance only, and hands over when the leader stops', async () => {
    const log = pino({ level: 'silent' });
    const clock = new TestClock(Date.UTC(2026, 0, 1));
    const runs: string[] = [];
    const make = (id: string) => {
      const scheduler = createScheduler({ databaseUrl: t.databaseUrl, clock, log });
      scheduler.add({
        name: 'tick',
        everyMs: 60_000,
        run: (now) => {
          runs.push(`${id}@${now.toISOString()}`);
          return Promise.resolve();
        },
      });
      return scheduler;
    };
    const first = make('A');
    const second = make('B');
    await first.runAll();
    await second.runAll();
    expect(first.isLeader()).toBe(true);
    expect(second.isLeader()).toBe(false);
    expect(runs).toEqual(['A@2026-01-01T00:00:00.000Z']);

    await first.stop();
    clock.advance(60_000);
    await second.runAll();
    expect(second.isLeader()).toBe(true);
    expect(runs).toEqual(['A@2026-01-01T00:00:00.000Z', 'B@2026-01-01T00:01:00.000Z']);
    await second.stop();
  });

  it('runs, at a moment the test sets, the jobs due then, as their timers would', async () => {
    const log = pino({ level: 'silent' });
    const clock = new TestClock(Date.UTC(2026, 0, 1));
    const lags: string[] = [];
    const scheduler = createScheduler({
      databaseUrl: t.databaseUrl,
      clock,
      log,
      onJobLag: (job, lagMs) => lags.push(`${job} ${lagMs}`),
    });
    const runs: string[] = [];
    for (const [name, everyMs] of [
      ['tick', 1_000],
      ['minute', 60_000],
    ] as const) {
      scheduler.add({
        name,
        everyMs,
        run: (now) => {
          runs.push(`${name}@${now.toISOString().slice(11, 19)}`);
          return Promise.resolve();
        },
      });
    }
    await scheduler.runDue();
    expect(runs).toEqual([]);
    clock.advance(1_000);
    await scheduler.runDue();
    expect(runs).toEqual(['tick@00:00:01']);
    // 90 s on: each runs once (the missed slots are skipped), late by what it missed.
    clock.advance(90_000);
    await scheduler.runDue();
    expect(runs).toEqual(['tick@00:00:01', 'tick@00:01:31', 'minute@00:01:31']);
    expect(lags).toEqual(['tick 0', 'tick 89000', 'minute 31000']);
    await scheduler.stop();
  });
});
