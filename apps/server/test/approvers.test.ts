import { describe, expect, it } from 'vitest';
import type { AdminApprovers } from '@app/shared/schemas/admin-users';
import {
  useTestApp,
  enableTwoFactorInDb,
  expectAdminOnly,
  registerUser,
  type TestClient,
  type TestApp,
} from './harness';

/**
 * Issue 39: with one admin, a request above the four-eyes threshold waited forever and nothing
 * said so. GET /api/admin/users/approvers tells the admin who asks whether anybody else can
 * approve, and whether they may appoint a second admin alone (the same rule makeAdmin applies).
 */
let t: TestApp;
let admin: TestClient;
useTestApp((made) => ({ t, admin } = made));

const approvers = async (client: TestClient) => {
  const response = await client.get('/api/admin/users/approvers');
  expect(response.statusCode).toBe(200);
  return response.json<AdminApprovers>();
};

describe('who can approve what waits for a second admin', () => {
  it('is admin-only', async () => {
    await expectAdminOnly(t, '/api/admin/users/approvers');
  });

  it('says a fresh install has one admin, nobody else can approve, and the first appointment needs no second admin; then follows the second admin', async () => {
    expect(await approvers(admin)).toEqual({
      admins: 1,
      otherApprovers: 0,
      canAppointAlone: true,
    });
    const { user } = await registerUser(t.app, { name: 'Second Admin' });
    expect((await admin.post(`/api/admin/users/${user.id}/activate`)).statusCode).toBe(200);
    // As the answer said: the first appointment takes effect at once (200, not 202).
    expect((await admin.post(`/api/admin/users/${user.id}/make-admin`)).statusCode).toBe(200);
    // An admin approves only with two-factor sign-in on: not yet an approver.
    expect(await approvers(admin)).toEqual({
      admins: 2,
      otherApprovers: 0,
      canAppointAlone: false,
    });
    await enableTwoFactorInDb(t.db, t.ctx.secretsKey, user.id);
    expect(await approvers(admin)).toEqual({
      admins: 2,
      otherApprovers: 1,
      canAppointAlone: false,
    });
  });
});
