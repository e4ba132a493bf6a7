/** Seed: 1 s while under 5 attempts, 5 s under 15, 10 s under 100, then 60 s. */
export function reconnectDelayMs(attempt: number): number {
  if (attempt < 5) return 1_000;
  if (attempt < 15) return 5_000;
  if (attempt < 100) return 10_000;
  return 60_000;
}

export const PING_INTERVAL_MS = 20_000;
/** Policy violation: the server refused us (no session, bad origin); retrying cannot help. */
export const STOP_RECONNECTING_CODE = 1008;
