import pino from 'pino';

/**
 * Query parameters that carry a secret in a URL the server is asked for: an OpenID Connect
 * callback's authorization `code` and `state` (and tokens some providers add), and the one-time
 * `secret` of the links we e-mail (/new, /magic, /verify, /confirm-email are opened with it).
 */
const SECRET_QUERY =
  /([?&](?:code|state|secret|token|id_token|access_token|refresh_token|session_state)=)[^&#]*/gi;

/** A request URL as it may be logged: the values of secret-bearing query parameters redacted. */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[Redacted]');
}

const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.oldPassword',
  '*.secret',
  '*.otp',
];

/**
 * Never log a secret: cookies, CSRF tokens and any password field are redacted, and the request
 * line's URL (`req.url`, every request's "incoming request" line) keeps its path and parameters
 * but not the values of secret-bearing ones (loggableUrl).
 */
export const LOG_REDACT: pino.redactOptions = {
  paths: [...REDACTED_PATHS, 'req.url', 'url'],
  censor: (value: unknown, path: string[]) => {
    const last = path[path.length - 1];
    if (last === 'url') return typeof value === 'string' ? loggableUrl(value) : value;
    return '[Redacted]';
  },
};

/**
 * Where the server's log goes: standard output, written in blocks of about 4 KB, or every 250 ms
 * when quieter, instead of one write per line (one line per request was 6 % of a worker's CPU
 * under the bench's signed-in reads). Whatever is buffered is written when the process exits,
 * a crash included; only a kill -9 can lose the last quarter of a second of lines.
 */
export function logDestination(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 });
}
