/** Visitors have no socket, and signed-in screens fall back to polling while it is down: 5 s. */
export const TICKER_POLL_MS = 5_000;
