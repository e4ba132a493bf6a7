import pg from 'pg';
import type { Logger } from 'pino';
import type { RealtimeChannel, RealtimeEvent } from '@app/shared/schemas/realtime';

/** The PostgreSQL channel every instance LISTENs on for events. */
export const PG_CHANNEL = 'realtime_events';
/** NOTIFY payloads are limited to 8000 bytes; larger events are sent without their data. */
const MAX_PAYLOAD = 7900;
/** At most this many payloads in one NOTIFY statement. */
const NOTIFY_BATCH = 500;

export interface Publisher {
  publish: (channel: RealtimeChannel, event: RealtimeEvent) => void;
  /** Sends what is queued (after what is on its way); resolves when it is sent. */
  flush: () => Promise<unknown>;
  close: () => Promise<void>;
}

/**
 * Publishes events through PostgreSQL NOTIFY, for every instance (this one included) to hear.
 * One connection, so statements (and their events) stay in order; a lost database must not stall
 * the chain for long.
 */
export function createPublisher(options: { databaseUrl: string; log: Logger }): Publisher {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 1,
    connectionTimeoutMillis: 5_000,
    query_timeout: 10_000,
  });
  pool.on('error', () => {});
  // Checked-out clients have no listener of their own: see createPool.
  pool.on('connect', (client) => client.on('error', () => {}));
  let queued: string[] = [];

  /** The statements sent so far, one after another: events arrive in the order published. */
  let sending: Promise<unknown> = Promise.resolve();

  /**
   * Sends what was published as one statement, once the statement before it is done: a money
   * request announces three or four events, and one round trip each was a tenth of its cost. The
   * events published while a statement is on its way wait for it and go together in the next one
   * (under load, one statement carries the events of several requests; idle, nothing waits).
   * PostgreSQL delivers identical payloads of one statement once, which is harmless for events
   * that only say "this changed".
   */
  function flush(): Promise<unknown> {
    sending = sending.then(async () => {
      const batch = packPayloads(queued);
      queued = [];
      for (let i = 0; i < batch.length; i += NOTIFY_BATCH) {
        // The payloads as one text, a line each: pg escapes a text[] parameter element by element
        // in JS, and a JSON array of them escaped every quote again (a JSON text has no newline).
        await pool
          .query(
            `SELECT pg_notify($1, payload) FROM unnest(string_to_array($2, E'\\n')) AS payload`,
            [PG_CHANNEL, batch.slice(i, i + NOTIFY_BATCH).join('\n')],
          )
          .catch((error: unknown) => {
            options.log.warn({ err: error }, 'realtime publish failed');
          });
      }
    });
    return sending;
  }

  return {
    publish(channel, event) {
      // No sender's id: no listener reads one (it was over a quarter of a cascade's event bytes).
      let payload = JSON.stringify({ channel, event });
      if (payload.length > MAX_PAYLOAD)
        payload = JSON.stringify({ channel, event: { type: event.type } });
      queued.push(payload);
      if (queued.length === 1) setImmediate(() => void flush());
    },
    flush,
    async close() {
      await flush();
      await pool.end().catch(() => {});
    },
  };
}

/**
 * Events (each a JSON object) as NOTIFY payloads: those that fit together in MAX_PAYLOAD bytes go
 * as one JSON array, in order. A stop-loss batch of 500 closes publishes ~2,000 events; one
 * notification each cost this process (and every instance listening) a message to parse and
 * PostgreSQL a queue entry to write per event. Listeners take an array or a single event.
 */
export function packPayloads(events: readonly string[], limit = MAX_PAYLOAD): string[] {
  const packs: string[] = [];
  let pack: string[] = [];
  let bytes = 2;
  for (const event of events) {
    const size = Buffer.byteLength(event) + 1;
    if (pack.length > 0 && bytes + size > limit) {
      packs.push(`[${pack.join(',')}]`);
      pack = [];
      bytes = 2;
    }
    pack.push(event);
    bytes += size;
  }
  if (pack.length > 0) packs.push(`[${pack.join(',')}]`);
  return packs;
}
