import pg from 'pg';
import type { Logger } from 'pino';

/**
 * One LISTEN connection to PostgreSQL: every NOTIFY on `channels` reaches `onNotice`, in commit
 * order. While the connection is down, notices are lost: `onGap` is called as soon as the loss is
 * seen and again once listening resumes (retried every second), so whoever relies on notices can
 * stop trusting what it remembers and check afresh.
 */
export interface NoticeListener {
  /** Resolves once the first LISTEN succeeded (it keeps retrying if it did not). */
  ready: Promise<void>;
  /** Whether notices are arriving now: false before the first LISTEN and during a gap. */
  listening: () => boolean;
  close: () => Promise<void>;
}

export interface NoticeListenerOptions {
  databaseUrl: string;
  channels: readonly string[];
  log: Logger;
  /** What the log calls this listener. */
  name: string;
  onNotice: (channel: string, payload: string) => void;
  onGap: () => void;
}

export function listenForNotices(options: NoticeListenerOptions): NoticeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    next.on('notification', (notification) => {
      if (notification.payload) options.onNotice(notification.channel, notification.payload);
    });
    next.on('error', (error) => {
      void next.end().catch(() => {});
      if (client !== next) return;
      options.log.warn({ err: error.message }, `${options.name}: listener lost; reconnecting`);
      client = null;
      options.onGap();
      retry();
    });
    try {
      await next.connect();
      await next.query(options.channels.map((channel) => `LISTEN ${channel}`).join('; '));
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  }

  function attempt(): void {
    connect()
      .then(() => {
        if (closed) return;
        // Notices sent while nobody listened are lost.
        options.onGap();
        resolveReady();
      })
      .catch((error: unknown) => {
        options.log.warn({ err: (error as Error).message }, `${options.name}: LISTEN failed`);
        retry();
      });
  }

  function retry(): void {
    if (closed) return;
    setTimeout(() => {
      if (!closed && !client) attempt();
    }, 1000).unref();
  }

  attempt();
  return {
    ready,
    listening: () => client !== null,
    async close() {
      closed = true;
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
