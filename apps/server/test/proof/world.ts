import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@app/shared/http';
import type { PublicPlan } from '@app/shared/schemas/plans';
import {
  approvedBySecondAdmin,
  TestClient,
  VALID_PASSWORD,
  enableTwoFactorInDb,
  freshRecoveryCode,
  loginWithSecondFactor,
  multipartFile,
  registerUser,
  uniqueEmail,
} from '../harness';
import { activeUser, adminClient, fund, methodIds } from '../money-helpers';
import type { TradingTestApp } from '../copy-trading-helpers';
import type { HttpMethod } from './openapi';

export type RoleName =
  | 'visitor'
  | 'investorA'
  | 'investorB'
  | 'leadTrader'
  | 'admin'
  | 'adminWithoutTwoFactor'
  | 'adminMustChangePassword';
export const ROLES: RoleName[] = ['visitor', 'investorA', 'investorB', 'leadTrader', 'admin'];
/**
 * An admin account that has not turned two-factor sign-in on: every admin operation must refuse
 * it (403 ADMIN_TWO_FACTOR_REQUIRED). Only the authorization matrix uses it (the fuzzer's roles
 * are ROLES).
 */
export const ADMIN_WITHOUT_TWO_FACTOR: RoleName = 'adminWithoutTwoFactor';
/**
 * An admin with every power (two-factor on) who signed in with the one-time password printed at
 * first start and has not replaced it (users.password_change_required): everything but the few
 * operations of ALLOWED_BEFORE_PASSWORD_CHANGE must refuse it (403 PASSWORD_CHANGE_REQUIRED).
 * Only the authorization matrix uses it.
 */
export const ADMIN_MUST_CHANGE_PASSWORD: RoleName = 'adminMustChangePassword';

export interface Role {
  name: RoleName;
  client: TestClient;
  /** Null for the visitor. */
  email: string | null;
  password: string;
  userId: string | null;
  /** A fresh second factor for signing in again (admins have two-factor sign-in on). */
  secondFactor?: () => Promise<string>;
}

/** Everything investor B owns, which nobody else (but an admin) may ever see. */
export interface OwnedByB {
  userId: string;
  email: string;
  name: string;
  referralId: string;
  /** Both the uuid and the public TNX id of every transaction of B. */
  transactionIds: string[];
  approvedDepositId: string;
  pendingDepositId: string;
  pendingWithdrawalId: string;
  /** A second session of B (not the one its client uses). */
  otherSessionId: string;
  tradeId: string;
  /** One of B's alerts (its approved deposit's). */
  notificationId: string;
  /** B's verification document (a proof of address) and B's verification. */
  documentId: string;
  verificationId: string;
}

export interface World {
  roles: Record<RoleName, Role>;
  b: OwnedByB;
  spare: { email: string; password: string };
  ids: { planId: string; strategyId: string; methodId: string; bankMethodId: string };
}

const expectStatus = (response: LightMyRequestResponse, status: number, what: string) => {
  if (response.statusCode !== status) {
    throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  }
};

/**
 * The cast: a visitor, two funded investors (B with a trade, a pending deposit, a pending
 * withdrawal and two sessions), a lead trader running a strategy, and the seeded admin.
 */
export async function buildWorld(t: TradingTestApp): Promise<World> {
  const admin = await adminClient(t);
  const marker = crypto.randomBytes(4).toString('hex');
  const a = await activeUser(t, 'Investor Alpha');
  const b = await activeUser(t, `Investor Bravo ${marker}`);
  const trader = await activeUser(t, 'Lead Trader');
  const spare = await registerUser(t.app, { name: 'Spare Login' });
  const { crypto: methodId, bank: bankMethodId } = await methodIds(t);

  const plans = (await admin.get('/api/plans')).json<{ plans: PublicPlan[] }>().plans;
  const basic = plans.find((p) => p.title === 'Basic');
  if (!basic?.strategy) throw new Error('seeded Basic plan missing');
  const strategies = (await admin.get('/api/admin/strategies')).json<{
    strategies: { id: string; leadTraderId: string | null }[];
  }>().strategies;
  const free = strategies.find((s) => !s.leadTraderId);
  if (!free) throw new Error('no strategy without a lead trader');
  expectStatus(
    await admin.post(`/api/admin/strategies/${free.id}/lead-trader`, { userId: trader.user.id }),
    200,
    'assign lead trader',
  );

  for (const investor of [a, b]) {
    await fund(t, admin, investor.client, 2_000_00);
    expectStatus(
      await investor.client.post('/api/trades', { planId: basic.id, amount: '500' }),
      201,
      'open trade',
    );
    expectStatus(
      await investor.client.post('/api/withdrawals', {
        method: 'crypto',
        methodId,
        amount: '100',
        walletAddress: 'bc1qproofwallet',
      }),
      201,
      'withdrawal',
    );
    expectStatus(
      await investor.client.post('/api/deposits', { methodId, amount: '50' }),
      201,
      'pending deposit',
    );
  }

  // B's second session (another device).
  const second = new TestClient(t.app);
  expectStatus(
    await second.post('/api/auth/login', { email: b.input.email, password: VALID_PASSWORD }),
    200,
    'second login',
  );
  const sessions = (await b.client.get('/api/auth/sessions')).json<{
    sessions: { id: string; current: boolean }[];
  }>().sessions;
  const otherSession = sessions.find((s) => !s.current);
  if (!otherSession) throw new Error('B has no second session');

  const txRows = await t.db.execute<{
    id: string;
    transaction_id: string;
    kind: string;
    status: string;
  }>(sql`SELECT id, transaction_id, kind, status FROM transactions WHERE user_id = ${b.user.id}`);
  const pick = (kind: string, status: string) => {
    const row = txRows.rows.find((r) => r.kind === kind && r.status === status);
    if (!row) throw new Error(`B has no ${status} ${kind}`);
    return row.transaction_id;
  };
  const trade = (await b.client.get('/api/trades/current')).json<{
    trade: { id: string } | null;
  }>().trade;
  if (!trade) throw new Error('B has no trade');

  const role = (
    name: RoleName,
    client: TestClient,
    user: { id: string; email: string } | null,
    password = VALID_PASSWORD,
  ): Role => ({
    name,
    client,
    email: user?.email ?? null,
    password,
    userId: user?.id ?? null,
  });
  const adminMe = (await admin.get('/api/auth/me')).json<{ user: { id: string; email: string } }>()
    .user;
  const noTwoFactor = await activeUser(t, 'Admin Without Twofactor');
  expectStatus(
    await approvedBySecondAdmin(
      t,
      await admin.post(`/api/admin/users/${noTwoFactor.user.id}/make-admin`),
    ),
    200,
    'make-admin',
  );

  // As seed.ts leaves the admin it printed a one-time password for (with two-factor on, so only
  // the password change stands between it and the back office).
  const firstStart = await activeUser(t, 'Admin First Start');
  await t.db.execute(
    sql`UPDATE users SET is_admin = true, password_change_required = true WHERE id = ${firstStart.user.id}`,
  );
  await enableTwoFactorInDb(t.db, t.ctx.secretsKey, firstStart.user.id);
  const firstStartClient = await loginWithSecondFactor(t, firstStart.user.email, VALID_PASSWORD);

  // Every signed-in role verified its e-mail, so the practice account (issue 42) is theirs to use.
  await t.db.execute(
    sql`UPDATE users SET email_verified_at = now()
        WHERE email_verified_at IS NULL AND deleted_at IS NULL`,
  );

  const bAlerts = await b.client.get('/api/notifications');
  expectStatus(bAlerts, 200, 'notifications of B');
  const bAlert = bAlerts.json<{ notifications: { id: string }[] }>().notifications[0];
  if (!bAlert) throw new Error('investor B has no alert');

  // B's account review: one document uploaded and the details submitted (a PDF: no decoding).
  const bill = multipartFile(
    'proofOfAddress',
    'bill.pdf',
    'application/pdf',
    Buffer.from('%PDF-1.4\n%%EOF\n'),
  );
  const uploaded = await b.client.request('POST', '/api/verification/documents', bill.body, {
    'content-type': bill.contentType,
  });
  expectStatus(uploaded, 200, 'verification document of B');
  const bDocument = uploaded.json<{ documents: { id: string }[] }>().documents[0];
  if (!bDocument) throw new Error('investor B has no verification document');
  const verificationRows = await t.db.execute<{ id: string }>(
    sql`SELECT id FROM verifications WHERE user_id = ${b.user.id}`,
  );
  const bVerification = verificationRows.rows[0];
  if (!bVerification) throw new Error('investor B has no verification');

  return {
    roles: {
      visitor: role('visitor', new TestClient(t.app), null),
      investorA: role('investorA', a.client, a.user),
      investorB: role('investorB', b.client, b.user),
      leadTrader: role('leadTrader', trader.client, trader.user),
      admin: {
        ...role('admin', admin, adminMe, t.admin.password),
        secondFactor: () => freshRecoveryCode(t, adminMe.id),
      },
      adminWithoutTwoFactor: role('adminWithoutTwoFactor', noTwoFactor.client, noTwoFactor.user),
      adminMustChangePassword: {
        ...role('adminMustChangePassword', firstStartClient, firstStart.user),
        secondFactor: () => freshRecoveryCode(t, firstStart.user.id),
      },
    },
    b: {
      userId: b.user.id,
      email: b.user.email,
      name: `Investor Bravo ${marker}`,
      referralId: b.user.referralId,
      transactionIds: txRows.rows.flatMap((r) => [r.id, r.transaction_id]),
      approvedDepositId: pick('deposit', 'success'),
      pendingDepositId: pick('deposit', 'pending'),
      pendingWithdrawalId: pick('withdrawal', 'pending'),
      otherSessionId: otherSession.id,
      tradeId: trade.id,
      notificationId: bAlert.id,
      documentId: bDocument.id,
      verificationId: bVerification.id,
    },
    spare: { email: spare.user.email, password: VALID_PASSWORD },
    ids: { planId: basic.id, strategyId: free.id, methodId, bankMethodId },
  };
}

/** Signs a role in again (after an operation that ended its session). */
export async function relogin(role: Role): Promise<void> {
  if (!role.email) {
    role.client.cookies.clear();
    return;
  }
  // Like a browser whose session ended: no session, and the CSRF token that belonged to it is void.
  role.client.cookies.delete('sid');
  role.client.cookies.delete(CSRF_COOKIE);
  const response = await role.client.post('/api/auth/login', {
    email: role.email,
    password: role.password,
    ...(role.secondFactor ? { otp: await role.secondFactor() } : {}),
  });
  expectStatus(response, 200, `re-login ${role.name}`);
}

export interface RawRequest {
  method: HttpMethod;
  url: string;
  /** Sent as-is (already JSON text, or any bytes for hostile cases). */
  payload?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

let ipCounter = 0;

/**
 * Sends one request with the role's cookies and CSRF header but WITHOUT remembering the cookies
 * it answers with, so a login or sign-up inside the matrix does not change who the role is.
 * Each request comes from its own address so per-address rate limits do not hide the handler.
 */
export async function sendAs(
  t: TradingTestApp,
  role: Role,
  request: RawRequest,
): Promise<LightMyRequestResponse> {
  if (request.method !== 'GET' && !role.client.cookies.has(CSRF_COOKIE)) {
    await role.client.get('/api/auth/csrf');
  }
  ipCounter += 1;
  const cookie = [...role.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return t.app.inject({
    method: request.method,
    url: request.url,
    remoteAddress: `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(request.method !== 'GET'
        ? { [CSRF_HEADER]: role.client.cookies.get(CSRF_COOKIE) ?? '' }
        : {}),
      ...(request.payload !== undefined
        ? { 'content-type': request.contentType ?? 'application/json' }
        : {}),
      ...request.headers,
    },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}

export { uniqueEmail };
