import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { sessionAuthorizer } from './access';
import { channelsFor } from './channels';
import type { RealtimeHub } from './realtime';
import { POLICY_VIOLATION } from './sockets';

/**
 * GET /realtime: a signed-in browser's socket, from an allowed origin. It is told its channels
 * (hello), answers the client's keep-alive, and is registered with the hub until it closes.
 */
export function registerRealtimeRoute(
  app: FastifyInstance,
  ctx: AppContext,
  hub: RealtimeHub,
  options: { allowedOrigins: string[] },
): void {
  hub.authorizeWith(sessionAuthorizer(ctx));
  app.get('/realtime', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const origin = request.headers.origin;
    const host = request.headers.host;
    const originOk =
      origin === undefined ||
      options.allowedOrigins.includes(origin) ||
      origin === `http://${host}` ||
      origin === `https://${host}`;
    const auth = request.auth;
    const channels = auth ? channelsFor(auth.user) : [];
    if (!originOk || !auth || channels.length === 0) {
      socket.close(POLICY_VIOLATION, originOk ? 'Not signed in' : 'Origin not allowed');
      return;
    }
    const ping = setInterval(() => socket.ping(), 20_000);
    socket.on('message', (raw: Buffer) => {
      // The client's keep-alive: answer {"type":"ping"} with {"type":"pong"}.
      if (raw.toString() === '{"type":"ping"}') socket.send('{"type":"pong"}');
    });
    let remove: () => void = () => {};
    socket.on('close', () => {
      clearInterval(ping);
      remove();
    });
    socket.send(JSON.stringify({ type: 'hello', channels }));
    remove = hub.add(
      { socket, channels: new Set(channels), sessionId: auth.sessionId, userId: auth.user.id },
      { perUser: ctx.config.maxSocketsPerUser },
    );
  });
}
