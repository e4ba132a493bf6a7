import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import {
  createTestApp,
  expectError,
  freshRecoveryCode,
  loginWithSecondFactor,
  TestClient,
  type TestApp,
} from './harness';

/*
 * The admin printed at first start with a generated one-time password (PRODUCT.md section 6)
 * sets a password of their own before anything else, enforced by the server (issue 39).
 */

let printed: TestApp;
let configured: TestApp;
beforeAll(async () => {
  // No ADMIN_PASSWORD: the seed makes one up and prints it, as `npm start` does.
  printed = await createTestApp({ adminPassword: undefined, adminEmail: 'first@test.local' });
  configured = await createTestApp();
});
afterAll(async () => {
  await printed.close();
  await configured.close();
});

async function flagOf(t: TestApp): Promise<boolean | undefined> {
  const [row] = await t.db
    .select({ flag: users.passwordChangeRequired })
    .from(users)
    .where(eq(users.email, t.admin.email));
  return row?.flag;
}

describe('the first-start admin', () => {
  it('must change a printed one-time password; one the operator chose is theirs already', async () => {
    expect(printed.admin.password).toMatch(/^[\w-]{16}$/);
    expect(await flagOf(printed)).toBe(true);
    expect(await flagOf(configured)).toBe(false);
    const me = await (
      await loginWithSecondFactor(configured, configured.admin.email, configured.admin.password)
    ).get('/api/auth/me');
    expect(me.json()).toMatchObject({ user: { passwordChangeRequired: false } });
  });

  it('is refused everything but the password change, who am I and sign-out until then', async () => {
    const admin = await loginWithSecondFactor(printed, printed.admin.email, printed.admin.password);
    const me = await admin.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { isAdmin: true, passwordChangeRequired: true } });
    expect((await admin.get('/api/auth/session')).json()).toMatchObject({
      user: { passwordChangeRequired: true },
    });
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/notifications'],
      ['GET', '/api/account/summary'],
      ['GET', '/api/plans'],
      ['POST', '/api/auth/2fa/setup'],
      ['GET', '/api/auth/sessions'],
    ] as const) {
      const response = await admin.request(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expectError(response, { code: 'PASSWORD_CHANGE_REQUIRED' });
    }
    // Signing out works (another session of the same admin).
    const other = await loginWithSecondFactor(printed, printed.admin.email, printed.admin.password);
    expect((await other.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('cannot set the one-time password again; a new one clears the rule and the old one stops working', async () => {
    const oneTime = printed.admin.password;
    const admin = await loginWithSecondFactor(printed, printed.admin.email, oneTime);
    const same = await admin.post('/api/auth/password', {
      oldPassword: oneTime,
      password: oneTime,
    });
    expect(same.statusCode).toBe(400);
    expectError(same, { code: 'PASSWORD_REUSED', field: 'password' });
    expect(await flagOf(printed)).toBe(true);

    const chosen = 'my-own-admin-password-2026';
    const changed = await admin.post('/api/auth/password', {
      oldPassword: oneTime,
      password: chosen,
    });
    expect(changed.statusCode).toBe(200);
    expect(await flagOf(printed)).toBe(false);
    // The same session goes on, now with the back office open.
    expect((await admin.get('/api/auth/me')).json()).toMatchObject({
      user: { passwordChangeRequired: false },
    });
    expect((await admin.get('/api/admin/users')).statusCode).toBe(200);

    const [row] = await printed.db.select().from(users).where(eq(users.email, printed.admin.email));
    if (!row) throw new Error('no admin');
    const old = await new TestClient(printed.app).post('/api/auth/login', {
      email: printed.admin.email,
      password: oneTime,
      otp: await freshRecoveryCode(printed, row.id),
    });
    expect(old.statusCode).toBe(401);
    expectError(old, { code: 'INVALID_CREDENTIALS' });
    const fresh = await loginWithSecondFactor(printed, printed.admin.email, chosen);
    expect((await fresh.get('/api/admin/users')).statusCode).toBe(200);
  });
});
