import { PING_INTERVAL_MS, reconnectDelayMs, STOP_RECONNECTING_CODE } from './reconnect';

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'stopped';

/** A socket message as received: JSON, checked against the shared vocabulary by its handler. */
export type RealtimeMessage = unknown;

export interface RealtimeConnectionOptions {
  url: string;
  onMessage: (message: RealtimeMessage) => void;
  onStatus: (status: ConnectionStatus) => void;
  /** Called after a reconnect, so the app can refetch what it may have missed. */
  onReconnected: () => void;
  /**
   * Called when the server refuses the socket for good (1008): the session may have ended
   * elsewhere (logout, revoked, password changed), so the app re-asks who is signed in.
   */
  onRefused?: () => void;
  createSocket?: (url: string) => WebSocket;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

/**
 * One WebSocket to /realtime that keeps itself alive: pings every 20 s, reconnects on the seed's
 * schedule, and gives up only when the server closes with 1008.
 */
export function createRealtimeConnection(options: RealtimeConnectionOptions) {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>));
  let socket: WebSocket | null = null;
  let attempts = 0;
  let everOpened = false;
  let closedByUs = false;
  let retryTimer: unknown = null;
  let pingTimer: unknown = null;

  function schedulePing(): void {
    pingTimer = setTimer(() => {
      if (socket?.readyState === WebSocket.OPEN) socket.send('{"type":"ping"}');
      schedulePing();
    }, PING_INTERVAL_MS);
  }

  function connect(): void {
    options.onStatus(everOpened ? 'reconnecting' : 'connecting');
    const current = createSocket(options.url);
    socket = current;
    current.onopen = () => {
      const wasReconnect = everOpened;
      attempts = 0;
      everOpened = true;
      options.onStatus('open');
      schedulePing();
      if (wasReconnect) options.onReconnected();
    };
    current.onmessage = (event: MessageEvent) => {
      try {
        options.onMessage(JSON.parse(String(event.data)) as RealtimeMessage);
      } catch {
        // Ignore anything that is not our JSON.
      }
    };
    current.onclose = (event: CloseEvent) => {
      if (pingTimer !== null) clearTimer(pingTimer);
      pingTimer = null;
      if (closedByUs || event.code === STOP_RECONNECTING_CODE) {
        options.onStatus('stopped');
        if (!closedByUs) options.onRefused?.();
        return;
      }
      options.onStatus('reconnecting');
      const delay = reconnectDelayMs(attempts);
      attempts += 1;
      retryTimer = setTimer(connect, delay);
    };
  }

  connect();
  return {
    close(): void {
      closedByUs = true;
      if (retryTimer !== null) clearTimer(retryTimer);
      if (pingTimer !== null) clearTimer(pingTimer);
      socket?.close(1000, 'Client closed');
    },
  };
}
