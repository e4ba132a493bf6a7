import { describe, expect, it } from 'vitest';
import type { ActivityPage } from '@app/shared/schemas/activity';
import { registerUser, TestClient, useTestApp, VALID_PASSWORD, type TestApp } from './harness';

let t: TestApp;
let admin: TestClient;
useTestApp((made) => ({ t, admin } = made));

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function activity(client: TestClient, query = ''): Promise<ActivityPage> {
  const response = await client.get(`/api/profile/activity${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ActivityPage>();
}

describe('GET /api/profile/activity', () => {
  it("lists the user's own sign-ins, failed sign-ins and security changes, newest first", async () => {
    const { input, user } = await registerUser(t.app);
    const browser = new TestClient(t.app);
    const failed = await browser.post(
      '/api/auth/login',
      { email: input.email, password: `${VALID_PASSWORD}-wrong` },
      { 'user-agent': FIREFOX },
    );
    expect(failed.statusCode).toBe(401);
    const signedIn = await browser.post(
      '/api/auth/login',
      { email: input.email, password: VALID_PASSWORD },
      { 'user-agent': FIREFOX },
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const changed = await browser.post('/api/auth/password', {
      oldPassword: VALID_PASSWORD,
      password: `${VALID_PASSWORD}-2`,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Staff act on the account: the entry says what happened, never who did it.
    const revoked = await admin.post(`/api/admin/users/${user.id}/revoke-sessions`);
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);

    const again = new TestClient(t.app);
    await again.post('/api/auth/login', { email: input.email, password: `${VALID_PASSWORD}-2` });
    const { entries, nextBefore } = await activity(again);
    expect(entries.map((e) => e.action)).toEqual([
      'user.login',
      'user.sessions_revoked',
      'user.password_changed',
      'user.login',
      'user.login_failed',
      'user.registered',
    ]);
    expect(nextBefore).toBeNull();
    expect(entries[3]).toMatchObject({ userAgent: FIREFOX, ip: '127.0.0.1' });
    expect(entries[4]).toMatchObject({ userAgent: FIREFOX });
    expect(entries[5]).toMatchObject({ userAgent: null });
    expect(Object.keys(entries[1]!).sort()).toEqual(['action', 'at', 'id', 'ip', 'userAgent']);
  });

  it('pages with `before` without repeating an entry, and shows no one else’s', async () => {
    const { client, input } = await registerUser(t.app);
    for (let i = 0; i < 3; i += 1) {
      await new TestClient(t.app).post('/api/auth/login', {
        email: input.email,
        password: VALID_PASSWORD,
      });
    }
    const other = await registerUser(t.app);
    // Signed up, then three sign-ins: four entries, two a page.
    const pages: ActivityPage[] = [await activity(client, '?limit=2')];
    while (pages.at(-1)!.nextBefore) {
      pages.push(await activity(client, `?limit=2&before=${pages.at(-1)!.nextBefore}`));
    }
    expect(pages.map((page) => page.entries.length)).toEqual([2, 2]);
    const ids = pages.flatMap((page) => page.entries.map((e) => e.id));
    expect(new Set(ids).size).toBe(4);
    expect(pages.flatMap((page) => page.entries.map((e) => e.action))).toEqual([
      'user.login',
      'user.login',
      'user.login',
      'user.registered',
    ]);
    const theirs = (await activity(other.client)).entries.map((e) => e.id);
    expect(theirs.some((id) => ids.includes(id))).toBe(false);
  });

  it('answers 401 to a visitor and names a bad cursor', async () => {
    expect((await new TestClient(t.app).get('/api/profile/activity')).statusCode).toBe(401);
    const { client } = await registerUser(t.app);
    const bad = await client.get('/api/profile/activity?before=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { field: string } }>().error.field).toBe('before');
  });
});
