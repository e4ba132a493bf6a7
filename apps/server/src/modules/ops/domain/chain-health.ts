/**
 * The chain watchers' health as /readyz and /metrics report it. An RPC outage pauses crediting
 * and never makes the instance unready: it keeps serving, and the watcher resumes from its
 * cursor (nothing is lost). Pure: the statuses and the clock are passed in.
 */

/** What a watcher says of itself (from the chain runtime's status). */
export interface WatcherFacts {
  network: string;
  token: string;
  blocksBehind: number | null;
  lastPassAt: Date | null;
  lastError: string | null;
}

export interface WatcherHealth {
  network: string;
  token: string;
  /** head − cursor at the last pass; null before the first. */
  blocksBehind: number | null;
  /** Seconds since the last completed pass; null before the first. */
  lastPassAgeSeconds: number | null;
  /**
   * Whether the last pass failed. The failure's text stays with the staff (the back office's
   * watchers): /readyz is public, and an RPC's error may name its URL.
   */
  failing: boolean;
}

/** `running`: every watcher's last pass completed; `paused`: one failed (RPC outage); `starting`: none passed yet. */
export type CreditingState = 'running' | 'paused' | 'starting';

export interface ChainHealth {
  crediting: CreditingState;
  /** Always true: the instance serves whatever the chain does. */
  servingUnaffected: true;
  note: string;
  watchers: WatcherHealth[];
}

const NOTES: Record<CreditingState, string> = {
  running: 'Deposits on the chain are credited as their confirmations arrive.',
  paused:
    'A network’s RPC does not answer: crediting pauses for it, the instance keeps serving, and the watcher resumes from its cursor (nothing is lost).',
  starting: 'The watchers have not completed their first pass yet.',
};

export function watcherHealth(facts: WatcherFacts, now: number): WatcherHealth {
  return {
    network: facts.network,
    token: facts.token,
    blocksBehind: facts.blocksBehind,
    lastPassAgeSeconds:
      facts.lastPassAt === null ? null : Math.max(0, now - facts.lastPassAt.getTime()) / 1000,
    failing: facts.lastError !== null,
  };
}

export function chainHealth(watchers: readonly WatcherFacts[], now: number): ChainHealth {
  const crediting: CreditingState = watchers.some((w) => w.lastError !== null)
    ? 'paused'
    : watchers.some((w) => w.lastPassAt === null)
      ? 'starting'
      : 'running';
  return {
    crediting,
    servingUnaffected: true,
    note: NOTES[crediting],
    watchers: watchers.map((w) => watcherHealth(w, now)),
  };
}
