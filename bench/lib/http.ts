import crypto from 'node:crypto';
import http from 'node:http';

/** One keep-alive agent per load generator: connections are reused like a browser's. */
export function keepAliveAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets });
}

export interface Reply {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

/**
 * A signed-in API client: the `sid` cookie, and the double-submit CSRF pair (cookie + header)
 * exactly as the web app sends them. Every request has a timeout.
 */
export class ApiClient {
  readonly csrf = crypto.randomBytes(32).toString('base64url');
  constructor(
    readonly baseUrl: string,
    public sid: string | undefined,
    readonly agent: http.Agent,
    readonly timeoutMs = 30_000,
  ) {}

  request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const cookie = [`csrf_token=${this.csrf}`, ...(this.sid ? [`sid=${this.sid}`] : [])].join('; ');
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${this.baseUrl}${path}`,
        {
          method,
          agent: this.agent,
          timeout: this.timeoutMs,
          headers: {
            cookie,
            ...(method !== 'GET' ? { 'x-csrf-token': this.csrf } : {}),
            ...(payload !== undefined
              ? {
                  'content-type': 'application/json',
                  'content-length': String(Buffer.byteLength(payload)),
                }
              : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              headers: res.headers,
              ms: performance.now() - started,
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timeout ${method} ${path}`)));
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown = {}, headers?: Record<string, string>) =>
    this.request('POST', path, body, headers);

  /** Signs in with a password (argon2 on the server: use once, not in a load loop). */
  async login(email: string, password: string): Promise<void> {
    const reply = await this.post('/api/auth/login', { email, password });
    if (reply.status !== 200) throw new Error(`login ${email}: ${reply.status} ${reply.body}`);
    const setCookie = reply.headers['set-cookie'] ?? [];
    const sid = setCookie.map((c) => /^sid=([^;]+)/.exec(c)?.[1]).find(Boolean);
    if (!sid) throw new Error('login: no sid cookie');
    this.sid = sid;
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

export function newKey(prefix: string): string {
  return `${prefix}-${crypto.randomBytes(9).toString('base64url')}`;
}
