import pg from 'pg';
import type { Logger } from 'pino';
import type { Clock } from '../context';

/**
 * Scheduled work (price ticks, NAV snapshots, stop-losses, term ends, mail retries) runs in exactly
 * one instance at a time: the leader is whoever holds a session-level PostgreSQL advisory lock.
 * If the leader dies its connection drops, the lock is released, and another instance takes over.
 * Jobs get `now` from the injected clock. Tests never wait for the timers: they move a scripted
 * clock and call `runDue()`, which runs the jobs due at that moment exactly as the timers would.
 * A timed run reports how late it started after its due time (`onJobLag`, for /metrics): a run
 * skipped because the previous one was still going leaves its due time in place, so the next run
 * counts the whole delay.
 */
export interface Job {
  name: string;
  everyMs: number;
  run: (now: Date) => Promise<void>;
}

export interface Scheduler {
  add: (job: Job) => void;
  start: () => void;
  /** Runs every job once, now (tests and first start). */
  runAll: () => Promise<void>;
  /**
   * Runs, one after another in the order they were added, the jobs whose timed run is due at the
   * clock's now, as their timers would (same due times, same missed slots, same lag reported):
   * tests move the clock and call this instead of waiting. A job is first due one interval after
   * it was added (after `start()`, once started).
   */
  runDue: () => Promise<void>;
  isLeader: () => boolean;
  stop: () => Promise<void>;
}

const LEADER_LOCK_ID = 727_100;

/**
 * Leadership: a session-level advisory lock held on a connection of its own. Losing that
 * connection loses the lock, and another instance may lead.
 */
function createLeadership(databaseUrl: string, log: Logger) {
  let lockClient: pg.Client | null = null;
  let leader = false;
  return {
    isLeader: () => leader,
    async tryLead(): Promise<void> {
      if (leader) return;
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => {
        // Losing the connection loses the lock: another instance may lead now.
        if (lockClient === client) {
          leader = false;
          lockClient = null;
        }
      });
      try {
        await client.connect();
        const result = await client.query<{ ok: boolean }>(
          'SELECT pg_try_advisory_lock($1) AS ok',
          [LEADER_LOCK_ID],
        );
        if (result.rows[0]?.ok) {
          lockClient = client;
          leader = true;
          log.info('this instance runs the scheduled jobs');
        } else {
          await client.end();
        }
      } catch (error) {
        log.warn({ err: error }, 'scheduler could not check leadership');
        await client.end().catch(() => {});
      }
    },
    async release(): Promise<void> {
      leader = false;
      await lockClient?.end().catch(() => {});
      lockClient = null;
    },
  };
}

/** Runs jobs, each at most once at a time, logging a failure rather than throwing it. */
function createRunner(options: { clock: Clock; log: Logger }) {
  /** The jobs running now, by name, each with the promise of its end. */
  const running = new Map<string, Promise<void>>();
  return {
    isRunning: (name: string) => running.has(name),
    async run(job: Job): Promise<void> {
      if (running.has(job.name)) return;
      let finished = () => {};
      running.set(job.name, new Promise<void>((resolve) => (finished = resolve)));
      try {
        await job.run(options.clock.now());
      } catch (error) {
        options.log.error({ err: error, job: job.name }, 'scheduled job failed');
      } finally {
        running.delete(job.name);
        finished();
      }
    },
    settled: () => Promise.all(running.values()),
  };
}

export function createScheduler(options: {
  databaseUrl: string;
  clock: Clock;
  log: Logger;
  onJobLag?: (job: string, lagMs: number) => void;
}): Scheduler {
  const jobs: Job[] = [];
  /** When each job's next timed run is due (epoch ms, injected clock). */
  const dueAt = new Map<string, number>();
  const timers: NodeJS.Timeout[] = [];
  const runner = createRunner(options);
  const leadership = createLeadership(options.databaseUrl, options.log);
  const leader = () => leadership.isLeader();
  let stopped = false;
  const tryLead = () => (stopped ? Promise.resolve() : leadership.tryLead());

  const runJob = (job: Job) => (leader() ? runner.run(job) : Promise.resolve());

  /**
   * A job's timed slot has come (its timer fired, or `runDue` found it due): run it if this
   * instance leads, reporting how late it is. Resolves when that run ends.
   */
  function runOnTime(job: Job): Promise<void> {
    const now = options.clock.now().getTime();
    const due = dueAt.get(job.name) ?? now;
    // Still running: this slot is missed and the due time stays, so the next run counts it.
    if (runner.isRunning(job.name)) return Promise.resolve();
    // The first slot after now (one interval on when the timer fired early or on time).
    const missed = Math.max(0, Math.floor((now - due) / job.everyMs));
    dueAt.set(job.name, due + (missed + 1) * job.everyMs);
    if (!leader()) return Promise.resolve();
    options.onJobLag?.(job.name, Math.max(0, now - due));
    return runJob(job);
  }

  return {
    add(job) {
      jobs.push(job);
      dueAt.set(job.name, options.clock.now().getTime() + job.everyMs);
    },
    start() {
      void tryLead();
      const election = setInterval(() => void tryLead(), 5000);
      timers.push(election);
      const startedAt = options.clock.now().getTime();
      for (const job of jobs) {
        dueAt.set(job.name, startedAt + job.everyMs);
        timers.push(setInterval(() => void runOnTime(job), job.everyMs));
      }
      for (const timer of timers) timer.unref();
    },
    async runAll() {
      if (!leader()) await tryLead();
      for (const job of jobs) await runJob(job);
    },
    async runDue() {
      if (!leader()) await tryLead();
      const now = options.clock.now().getTime();
      for (const job of jobs) {
        if ((dueAt.get(job.name) ?? now) <= now) await runOnTime(job);
      }
    },
    isLeader: leader,
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await runner.settled();
      await leadership.release();
    },
  };
}
