import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '@app/shared/http';
import { eventually } from '@app/shared/test/eventually';
import {
  adminClient,
  createTestApp,
  registerUser,
  TestClient,
  VALID_PASSWORD,
  type TestApp,
} from './harness';

/**
 * Each instance remembers the sessions it resolved (modules/auth/session-cache.ts). What must
 * hold: a signed-in request stops reading its session once remembered; on the instance where a
 * change is made the next request sees it at once; on another instance within a second (the
 * database's notice); whatever made the change, a psql prompt included.
 */

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { shareDatabaseWith: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** A client of `app` holding the same session cookie as `client` (the same browser, elsewhere). */
function sameSessionOn(t: TestApp, client: TestClient): TestClient {
  const twin = new TestClient(t.app);
  for (const [name, value] of client.cookies) twin.cookies.set(name, value);
  return twin;
}

const me = async (client: TestClient) => {
  const response = await client.get('/api/auth/me');
  return response.statusCode === 200
    ? response.json<{ user: { country: string; isActive: boolean } }>().user
    : null;
};

describe('remembered sessions', () => {
  it('a signed-in request reads its session from the database once, then from memory', async () => {
    const { client } = await registerUser(a.app);
    const query = vi.spyOn(a.pool, 'query');
    try {
      for (let i = 0; i < 5; i += 1)
        expect((await client.get('/api/auth/me')).statusCode).toBe(200);
      const sessionReads = query.mock.calls.filter(
        ([config]) => (config as { name?: string }).name === 'session_by_digest',
      );
      expect(sessionReads).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });

  it('on the instance that made a change, the very next request sees it', async () => {
    const { client } = await registerUser(a.app);
    for (const country of ['Spain', 'Germany', 'France', 'Italy', 'Portugal']) {
      const patched = await client.request('PATCH', '/api/profile', {
        phone: '+44 20 7946 0000',
        country,
      });
      expect(patched.statusCode).toBe(200);
      expect((await me(client))?.country).toBe(country);
    }
  });

  it('a signed-out cookie is refused at once where it signed out, within a second elsewhere', async () => {
    const { client } = await registerUser(a.app);
    const onB = sameSessionOn(b, client);
    const stolen = sameSessionOn(a, client);
    expect(await me(onB)).not.toBeNull();
    expect(await me(stolen)).not.toBeNull();
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await stolen.get('/api/auth/me')).statusCode).toBe(401);
    await eventually(async () => (await onB.get('/api/auth/me')).statusCode === 401, {
      timeout: 1000,
    });
  });

  it('a password change ends the other sessions at once on its instance and within a second on others', async () => {
    const { client, input } = await registerUser(a.app);
    const other = new TestClient(a.app);
    expect(
      (await other.post('/api/auth/login', { email: input.email, password: VALID_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const otherOnB = sameSessionOn(b, other);
    expect(await me(other)).not.toBeNull();
    expect(await me(otherOnB)).not.toBeNull();
    const changed = await client.post('/api/auth/password', {
      oldPassword: VALID_PASSWORD,
      password: 'another-long-passphrase',
    });
    expect(changed.statusCode).toBe(200);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    await eventually(async () => (await otherOnB.get('/api/auth/me')).statusCode === 401, {
      timeout: 1000,
    });
    expect(await me(client)).not.toBeNull();
  });

  it('staff deactivating an account on one instance is seen by the next request on it and within a second on others', async () => {
    const admin = await adminClient(a);
    const { client, user } = await registerUser(a.app);
    expect((await admin.post(`/api/admin/users/${user.id}/activate`)).statusCode).toBe(200);
    const onA = sameSessionOn(a, client);
    const onB = sameSessionOn(b, client);
    expect((await me(onA))?.isActive).toBe(true);
    expect((await me(onB))?.isActive).toBe(true);
    expect((await admin.post(`/api/admin/users/${user.id}/deactivate`)).statusCode).toBe(200);
    expect((await me(onA))?.isActive).toBe(false);
    await eventually(async () => (await me(onB))?.isActive === false, { timeout: 1000 });
  });

  it('a change made at a psql prompt reaches every instance within a second', async () => {
    const { client, user } = await registerUser(a.app);
    const onB = sameSessionOn(b, client);
    expect((await me(client))?.country).toBe('United Kingdom');
    expect((await me(onB))?.country).toBe('United Kingdom');
    await a.pool.query(`UPDATE users SET country = 'Norway' WHERE id = $1`, [user.id]);
    await eventually(async () => (await me(client))?.country === 'Norway', { timeout: 1000 });
    await eventually(async () => (await me(onB))?.country === 'Norway', { timeout: 1000 });
    await a.pool.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1`, [user.id]);
    await eventually(async () => (await client.get('/api/auth/me')).statusCode === 401, {
      timeout: 1000,
    });
    await eventually(async () => (await onB.get('/api/auth/me')).statusCode === 401, {
      timeout: 1000,
    });
  });

  it('the cookie value alone is never trusted: a forged one is refused', async () => {
    const forged = new TestClient(a.app);
    forged.cookies.set(SESSION_COOKIE, 'x'.repeat(43));
    expect((await forged.get('/api/auth/me')).statusCode).toBe(401);
  });
});
