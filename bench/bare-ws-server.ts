import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The baseline for `realtime/bare-ws`: a bare `ws` server on loopback that broadcasts every
 * message from the /control socket to every other client. No sessions, no channels, no database.
 */
const port = Number(process.argv[2]);
const wss = new WebSocketServer({ host: '127.0.0.1', port, maxPayload: 64 * 1024 });
let control: WebSocket | undefined;
wss.on('connection', (socket, request) => {
  if (request.url === '/control') {
    control = socket;
    socket.on('message', (raw: Buffer) => {
      const message = raw.toString();
      for (const client of wss.clients) {
        if (client !== control && client.readyState === client.OPEN) client.send(message);
      }
    });
  }
});
wss.on('listening', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => wss.close(() => process.exit(0)));
