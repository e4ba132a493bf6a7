import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { getTableColumns, getTableName, is, sql, Table } from 'drizzle-orm';
import {
  adminClient,
  createTestApp,
  useAppFrom,
  registerUser,
  TestClient,
  type TestApp,
} from './harness';
import * as schema from '../src/db/schema';
import { ERROR_CODES } from '@app/shared/errors';
import { HTTP_LIMITS } from '../src/app';

let t: TestApp;
useAppFrom(createTestApp, (made) => (t = made));

describe('HTTP surface', () => {
  it('publishes an OpenAPI 3 document generated from the shared schemas', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/register']?.post?.requestBody).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/auth/register'])).toContain('referrerId');
  });

  it('lists every error code, and answers every operation’s refusals with an ApiError', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      components: { schemas: Record<string, { enum?: string[]; properties?: object }> };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(doc.components.schemas.ErrorCode?.enum).toEqual(ERROR_CODES);
    expect(doc.components.schemas.ErrorParams?.properties).toMatchObject({
      AMOUNT_BELOW_PLAN_MIN: { properties: { minCents: { type: 'integer' } } },
      INSUFFICIENT_BALANCE: { properties: { availableCents: { type: 'integer' } } },
    });
    const refusal = { $ref: '#/components/schemas/ApiError' };
    const invest = doc.paths['/api/trades/']?.post?.responses;
    expect(invest?.['4XX']).toMatchObject({ content: { 'application/json': { schema: refusal } } });
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.every((operation) => '4XX' in operation.responses)).toBe(true);
  });

  it('answers 404 for unknown routes, 405 for a wrong method, 413 for an oversize body', async () => {
    const client = new TestClient(t.app);
    expect((await client.get('/api/nope')).statusCode).toBe(404);
    const wrongMethod = await client.delete('/api/auth/register');
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toContain('POST');
    const big = await client.post('/api/contact', {
      name: 'A',
      email: 'a@example.com',
      message: 'x'.repeat(1_100_000),
    });
    expect(big.statusCode).toBe(413);
    const badJson = await client.request('POST', '/api/contact', undefined, {
      'content-type': 'application/json',
    });
    expect(badJson.statusCode).toBeLessThan(500);
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await t.app.inject({ url: '/api/plans' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lists the four seeded plans publicly', async () => {
    const response = await t.app.inject({ url: '/api/plans' });
    const { plans } = response.json<{
      plans: { title: string; minCents: number; maxCents: number; termDays: number }[];
    }>();
    expect(plans.map((p) => [p.title, p.minCents, p.maxCents, p.termDays])).toEqual([
      ['Basic', 10000, 99900, 1],
      ['Silver', 100000, 499900, 7],
      ['Gold', 500000, 999900, 14],
      ['Platinum', 1000000, 5000000, 30],
    ]);
  });

  it('shows a visitor the plans with public fields only (the public /plans page reads them)', async () => {
    const response = await t.app.inject({ url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const { plans } = response.json<{ plans: Record<string, unknown>[] }>();
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(Object.keys(plan).sort()).toEqual([
        'closed',
        'id',
        'maxCents',
        'minCents',
        'performanceFeePct',
        'recommended',
        'strategy',
        'termDays',
        'title',
      ]);
      // The strategy's computed figures only: no lead trader, no positions, no admin fields.
      if (plan.strategy === null) continue;
      expect(Object.keys(plan.strategy as object).sort()).toEqual([
        'aumCents',
        'avgDailyReturnPct',
        'copiers',
        'id',
        'maxDrawdownPct',
        'name',
        'navSeries',
        'paused',
        'return30dPct',
      ]);
    }
  });

  it('stores a contact message and e-mails support through the outbox', async () => {
    const client = new TestClient(t.app);
    const missing = await client.post('/api/contact', {
      name: 'Sam',
      email: 'sam@example.com',
      message: '  ',
    });
    expect(missing.json()).toMatchObject({
      error: { message: 'Message is required', field: 'message' },
    });
    const sent = await client.post('/api/contact', {
      name: 'Sam',
      email: 'sam@example.com',
      message: 'How do fees work?',
    });
    expect(sent.statusCode).toBe(201);
    await t.ctx.mailer.idle();
    const rows = await t.db.execute<{ subject: string; to_address: string }>(
      sql`SELECT subject, to_address FROM mail_outbox WHERE template = 'contact'`,
    );
    expect(rows.rows).toEqual([
      { subject: 'Contact form: Sam', to_address: t.config.supportEmail },
    ]);
  });
});

describe('database', () => {
  it('every Drizzle table and column exists in the migrated database', async () => {
    const tables = (Object.values(schema) as unknown[]).filter((value): value is Table =>
      is(value, Table),
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const table of tables) {
      const name = getTableName(table);
      const result = await t.db.execute<{ column_name: string }>(
        sql`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${name}`,
      );
      const actual = new Set(result.rows.map((r) => r.column_name));
      for (const column of Object.values(getTableColumns(table))) {
        expect(actual.has(column.name), `${name}.${column.name}`).toBe(true);
      }
    }
  });

  it('the audit log is append-only', async () => {
    await t.db.execute(sql`INSERT INTO audit_log (action) VALUES ('test.entry')`);
    await expect(t.db.execute(sql`UPDATE audit_log SET action = 'changed'`)).rejects.toMatchObject({
      cause: { message: 'audit_log is append-only' },
    });
    await expect(t.db.execute(sql`DELETE FROM audit_log`)).rejects.toMatchObject({
      cause: { message: 'audit_log is append-only' },
    });
  });
});

describe('admin outbox', () => {
  it('is readable by an admin only: 401 for a visitor, 403 for an investor', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/admin/outbox')).statusCode).toBe(401);
    const investor = await registerUser(t.app);
    expect((await investor.client.get('/api/admin/outbox')).statusCode).toBe(403);
    const admin = await adminClient(t);
    const page = await admin.get('/api/admin/outbox?limit=5');
    expect(page.statusCode).toBe(200);
    const { items } = page.json<{ items: { to: string; template: string }[] }>();
    expect(items.some((m) => m.to === investor.input.email && m.template === 'welcome')).toBe(true);
  });
});

describe('web app serving', () => {
  it('serves index.html for client routes, assets as files, and 404 for a missing asset or API route', async () => {
    const fs = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'nestrado-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      `<html><head><meta name="app-config" content='{"brandName":"X"}' /><title>X</title></head><body></body></html>`,
    );
    const web = await createTestApp({ webDistDir: dist, brandName: 'Acme Copy' });
    try {
      const home = await web.app.inject({ url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<title>Acme Copy</title>');
      expect((await web.app.inject({ url: '/assets/' })).statusCode).toBe(404);
      const page = await web.app.inject({ url: '/dashboard' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Acme Copy</title>');
      expect(page.body).toContain('&quot;brandName&quot;:&quot;Acme Copy&quot;');
      // A file built after the server started is served (no restart needed).
      await fs.writeFile(path.join(dist, 'assets', 'late.css'), 'body{}');
      const asset = await web.app.inject({ url: '/assets/late.css' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toContain('text/css');
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await web.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
      expect((await web.app.inject({ url: '/api/nope' })).statusCode).toBe(404);
      const client = new TestClient(web.app);
      expect((await client.post('/api/nope', {})).statusCode).toBe(404);
      expect((await client.post('/dashboard', {})).statusCode).toBe(404);
    } finally {
      await web.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});

describe('empty JSON bodies', () => {
  it('an action without input accepts an empty JSON body as {}', async () => {
    const client = await adminClient(t);
    const response = await client.request('POST', '/api/auth/verification', '', {
      'content-type': 'application/json',
    });
    expect(response.statusCode).toBe(200);
    const broken = await client.request('POST', '/api/auth/verification', '{"a":', {
      'content-type': 'application/json',
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('errors raised before routing keep the {error:{code,message}} shape', () => {
  let listening: Promise<string> | undefined;
  /** Sends raw bytes to the app, listening on a free port, and returns the status and body. */
  async function raw(request: string): Promise<{ status: number; body: string }> {
    listening ??= t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(await listening);
    const net = await import('node:net');
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(request));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), body };
  }

  it('431 for headers over the limit, 400 for bytes that are not HTTP', async () => {
    const huge = `GET /api/config HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`;
    const tooLarge = await raw(huge);
    expect(tooLarge.status).toBe(431);
    expect(JSON.parse(tooLarge.body)).toEqual({
      error: { code: 'REQUEST_HEADERS_TOO_LARGE', message: 'The request headers are too large' },
    });
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('414 for an over-long path value, 400 for a broken percent-escape', async () => {
    const client = await adminClient(t);
    // A POST: with the web app built, a GET falls through to the static files' wildcard (404).
    const long = await client.post(`/api/admin/users/${'a'.repeat(500)}/activate`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      error: { code: 'ADDRESS_TOO_LONG', message: 'The address is too long' },
    });
    const broken = await client.get('/api/admin/users/%E0%A4%A');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});

describe('slow clients', () => {
  it('times out headers and bodies, idles out kept-alive connections and caps connections (production limits)', () => {
    expect({
      requestTimeout: t.app.server.requestTimeout,
      headersTimeout: t.app.server.headersTimeout,
      keepAliveTimeout: t.app.server.keepAliveTimeout,
      maxConnections: t.app.server.maxConnections,
    }).toEqual({
      requestTimeout: HTTP_LIMITS.requestTimeoutMs,
      headersTimeout: HTTP_LIMITS.headersTimeoutMs,
      keepAliveTimeout: HTTP_LIMITS.keepAliveTimeoutMs,
      maxConnections: HTTP_LIMITS.maxConnections,
    });
  });

  it('answers 408 REQUEST_TIMEOUT to a request held open past the request timeout, and closes', async () => {
    const slow = await createTestApp({}, { build: { http: { requestTimeoutMs: 1500 } } });
    try {
      const address = await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const net = await import('node:net');
      const started = Date.now();
      const text = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () =>
          socket.write(
            // Headers that never end: the same deadline covers a body that never ends.
            'GET /api/config HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n',
          ),
        );
        let received = '';
        socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
        socket.on('close', () => resolve(received));
        socket.on('error', reject);
      });
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toContain('"REQUEST_TIMEOUT"');
      // Within the timeout and the once-a-second check, not Node's default 30 s interval.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await slow.close();
    }
  });

  it('refuses connections over the cap', async () => {
    const capped = await createTestApp({}, { build: { http: { maxConnections: 2 } } });
    const net = await import('node:net');
    const sockets: Socket[] = [];
    try {
      const address = await capped.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const open = () =>
        new Promise<Socket>((resolve) => {
          const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket));
          sockets.push(socket);
        });
      await open();
      await open();
      const third = await open();
      const closed = await new Promise<boolean>((resolve) => {
        third.on('close', () => resolve(true));
        third.write('GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      expect(closed).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await capped.close();
    }
  });
});
