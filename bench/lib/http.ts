import crypto from 'node:crypto';
import http from 'node:http';
import { generate } from 'otplib';

/** TOTP secrets of the admins this process enrolled, by e-mail (admins need two-factor). */
const totpSecrets = new Map<string, string>();

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
 * A signed-in API client: the `sid` cookie, and the CSRF pair (cookie + header, bound to the session)
 * exactly as the web app sends them. Every request has a timeout.
 */
export class ApiClient {
  /** The server's token for this client's session: fetched before the first write, rotated at sign-in. */
  private csrf: string | undefined;
  constructor(
    readonly baseUrl: string,
    public sid: string | undefined,
    readonly agent: http.Agent,
    readonly timeoutMs = 30_000,
  ) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    if (method !== 'GET' && !this.csrf) {
      const reply = await this.send('GET', '/api/auth/csrf');
      this.csrf = (JSON.parse(reply.body) as { token: string }).token;
    }
    const reply = await this.send(method, path, body, headers);
    const rotated = (reply.headers['set-cookie'] ?? [])
      .map((c) => /^csrf_token=([^;]+)/.exec(c)?.[1])
      .find(Boolean);
    if (rotated) this.csrf = rotated;
    return reply;
  }

  private send(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const cookie = [
      ...(this.csrf ? [`csrf_token=${this.csrf}`] : []),
      ...(this.sid ? [`sid=${this.sid}`] : []),
    ].join('; ');
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${this.baseUrl}${path}`,
        {
          method,
          agent: this.agent,
          timeout: this.timeoutMs,
          headers: {
            cookie,
            ...(method !== 'GET' && this.csrf ? { 'x-csrf-token': this.csrf } : {}),
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
  async login(email: string, password: string, otp?: string): Promise<void> {
    const reply = await this.post(
      '/api/auth/login',
      otp ? { email, password, otp } : { email, password },
    );
    if (reply.status !== 200) throw new Error(`login ${email}: ${reply.status} ${reply.body}`);
    const setCookie = reply.headers['set-cookie'] ?? [];
    const sid = setCookie.map((c) => /^sid=([^;]+)/.exec(c)?.[1]).find(Boolean);
    if (!sid) throw new Error('login: no sid cookie');
    this.sid = sid;
  }

  /**
   * Signs an admin in with two-factor, as every admin operation requires: the first time in this
   * process, a password sign-in then two-factor setup and enable; later, the password and a code
   * (this step's or the next one, since a code is accepted once; else the step after).
   */
  async loginAdmin(email: string, password: string): Promise<void> {
    const known = totpSecrets.get(email);
    if (!known) {
      await this.login(email, password);
      const setup = await this.post('/api/auth/2fa/setup');
      if (setup.status !== 200)
        throw new Error(`2fa setup ${email}: ${setup.status} ${setup.body}`);
      const { secret } = JSON.parse(setup.body) as { secret: string };
      const enable = await this.post('/api/auth/2fa/enable', { otp: await generate({ secret }) });
      if (enable.status !== 200) throw new Error(`2fa enable ${email}: ${enable.status}`);
      totpSecrets.set(email, secret);
      return;
    }
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const now = Math.floor(Date.now() / 1000);
      for (const epoch of [now + 30, now]) {
        try {
          return await this.login(email, password, await generate({ secret: known, epoch }));
        } catch {
          // a spent or early code: try the other one, then wait for a new step
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 31_000));
    }
    throw new Error(`admin login with two-factor failed for ${email}`);
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
