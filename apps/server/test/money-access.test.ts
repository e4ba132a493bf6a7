import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from './harness';
import { activeUser, auditAfterEach } from './money-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
auditAfterEach(() => t);

const ID = '00000000-0000-4000-8000-000000000000';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Every admin money endpoint, each with a body that passes validation. */
const ADMIN_ENDPOINTS: [Method, string, unknown][] = [
  ['POST', `/api/admin/deposits/${ID}/approve`, {}],
  ['POST', `/api/admin/deposits/${ID}/reject`, { reason: 'r' }],
  ['POST', `/api/admin/withdrawals/${ID}/pay`, {}],
  ['POST', `/api/admin/withdrawals/${ID}/reject`, { reason: 'r' }],
  ['POST', `/api/admin/users/${ID}/adjustments`, { bucket: 'balance', amount: '1', reason: 'r' }],
  ['GET', '/api/admin/transactions', undefined],
  ['GET', '/api/admin/payment-methods', undefined],
  ['POST', '/api/admin/payment-methods', { kind: 'crypto', name: 'X', network: 'N', address: 'A' }],
  ['PATCH', `/api/admin/payment-methods/${ID}`, { name: 'Y' }],
  ['DELETE', `/api/admin/payment-methods/${ID}`, undefined],
];

const USER_ENDPOINTS: [Method, string, unknown][] = [
  ['GET', '/api/transactions', undefined],
  ['GET', '/api/transactions/TNX-AAAAAA', undefined],
  ['GET', '/api/payment-methods', undefined],
  ['POST', '/api/deposits', { methodId: ID, amount: '1' }],
  ['POST', '/api/withdrawals', { method: 'crypto', methodId: ID, amount: '1', walletAddress: 'w' }],
  ['GET', '/api/account/summary', undefined],
];

describe('access to money endpoints', () => {
  it('a visitor gets 401 on every admin and user endpoint', async () => {
    const visitor = new TestClient(t.app);
    for (const [method, url, body] of [...ADMIN_ENDPOINTS, ...USER_ENDPOINTS]) {
      const response = await visitor.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a signed-in investor gets 403 on every admin endpoint', async () => {
    const { client } = await activeUser(t);
    for (const [method, url, body] of ADMIN_ENDPOINTS) {
      const response = await client.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    }
  });

  it('the fee schedule and its worked example are public', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/settings/fees')).statusCode).toBe(200);
    expect((await visitor.get('/api/withdrawals/quote?amount=10')).statusCode).toBe(200);
  });

  it('the OpenAPI document describes the money endpoints', async () => {
    const doc = (await new TestClient(t.app).get('/api/openapi.json')).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of [
      '/api/deposits/',
      '/api/withdrawals/',
      '/api/withdrawals/quote',
      '/api/transactions/',
      '/api/account/summary',
      '/api/payment-methods/',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});
