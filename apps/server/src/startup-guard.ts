/**
 * What a start has started so far, so that a start that fails stops it before the process exits.
 * The embedded PostgreSQL above all: it runs in its own session and would outlive the process,
 * holding DATA_DIR until the next start finds it; the rest (scheduler, market feed, listeners,
 * pools) would only end with the process, but the order of a clean stop is the same either way.
 */
export interface StartupGuard {
  /**
   * Registers how to stop what was just started. `force` (optional) is the no-wait version,
   * for when the stops take longer than the caller allows.
   */
  started(name: string, stop: () => Promise<unknown>, force?: () => void): void;
  /**
   * Stops everything registered, newest first. A stop that fails is reported to `onError` and
   * the others still run. Resolves once every stop has settled.
   */
  stopAll(onError: (name: string, error: unknown) => void): Promise<void>;
  /** Every registered `force`, newest first, without waiting. */
  forceAll(): void;
}

export function createStartupGuard(): StartupGuard {
  const entries: { name: string; stop: () => Promise<unknown>; force?: () => void }[] = [];
  return {
    started(name, stop, force) {
      entries.push({ name, stop, force });
    },
    async stopAll(onError) {
      for (const { name, stop } of [...entries].reverse()) {
        try {
          await stop();
        } catch (error) {
          onError(name, error);
        }
      }
    },
    forceAll() {
      for (const { force } of [...entries].reverse()) force?.();
    },
  };
}
