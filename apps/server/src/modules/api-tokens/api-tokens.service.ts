import crypto from 'node:crypto';
import {
  API_TOKEN_FRESH_SIGN_IN_MINUTES,
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER,
  type ApiToken,
  type CreateApiTokenInput,
} from '@app/shared/schemas/api-tokens';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { ApiTokenRow, UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { recordAudit, recordUserAudit, removeOwnAudited, type OwnRemoval } from '../audit';
import { digest } from '../../lib/crypto';
import { confirmReauth, passwordProves, type Reauth } from '../session';
import * as repo from './api-tokens.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

function view(row: ApiTokenRow, now: Date): ApiToken {
  return {
    status: row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
    id: row.id,
    name: row.name,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** A new token: `nst_` and 43 base64url characters (256 random bits). */
export function newApiToken(): string {
  return API_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
}

const FRESH_SIGN_IN_MS = API_TOKEN_FRESH_SIGN_IN_MINUTES * 60_000;
const reauthRequired = () =>
  refusal('API_TOKEN_REAUTH_REQUIRED', { minutes: API_TOKEN_FRESH_SIGN_IN_MINUTES }, 'password');

/**
 * Makes a token for the user; the token itself is in this answer only, never stored. A session
 * alone does not make one: the password is asked for (or, without it, the session must have
 * signed in less than API_TOKEN_FRESH_SIGN_IN_MINUTES ago), and a deactivated account makes none.
 */
export async function createToken(
  ctx: AppContext,
  auth: { user: UserRow; sessionId: string },
  input: CreateApiTokenInput,
  ip: string,
): Promise<{ token: string; apiToken: ApiToken }> {
  const { user } = auth;
  const proof: Reauth = input.password
    ? { kind: 'password', password: input.password }
    : { kind: 'fresh_sign_in', freshMs: FRESH_SIGN_IN_MS };
  if (proof.kind === 'password' && !(await passwordProves(user, proof.password))) {
    throw refusal('PASSWORD_INCORRECT', {}, 'password');
  }
  const userId = user.id;
  const token = newApiToken();
  const row = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const held = await confirmReauth(tx, user, auth.sessionId, proof, now);
    if (held === 'inactive') throw refusal('API_TOKEN_ACCOUNT_INACTIVE');
    // With a password: it was the account's when checked, and a change or reset has committed
    // since (the token would outlive the change that should have ended it).
    if (held === 'not_proven' && proof.kind === 'password') {
      throw refusal('PASSWORD_INCORRECT', {}, 'password');
    }
    if (held === 'not_proven') throw reauthRequired();
    if ((await repo.countActiveTokens(tx, userId, now)) >= API_TOKENS_PER_USER) {
      throw refusal('API_TOKEN_LIMIT_REACHED', { max: API_TOKENS_PER_USER });
    }
    const created = await repo.insertToken(tx, {
      userId,
      name: input.name.trim(),
      tokenHash: digest(token),
      hint: token.slice(0, API_TOKEN_PREFIX.length + 4),
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
    });
    await recordUserAudit(tx, userId, {
      actorId: userId,
      action: 'user.api_token_created',
      ip,
      details: {
        tokenId: created.id,
        name: created.name,
        expiresAt: created.expiresAt.toISOString(),
      },
    });
    return created;
  });
  return { token, apiToken: view(row, ctx.clock.now()) };
}

export async function listTokens(ctx: AppContext, userId: string): Promise<ApiToken[]> {
  const now = ctx.clock.now();
  return (await repo.listTokens(ctx.db, userId)).map((row) => view(row, now));
}

export function revokeToken(ctx: AppContext, own: OwnRemoval): Promise<void> {
  return removeOwnAudited(ctx, own, {
    remove: (tx) => repo.revokeToken(tx, own.userId, own.id, ctx.clock.now()),
    notFound: () => refusal('API_TOKEN_NOT_FOUND'),
    action: 'user.api_token_revoked',
    details: { tokenId: own.id },
  });
}

/** The live token a request presents, or undefined (unknown, expired or revoked). */
export function findLiveToken(ctx: AppContext, token: string) {
  return repo.findLiveToken(ctx.db, digest(token), ctx.clock.now());
}

/**
 * A request made with a token, audited as what happened: `api_token.used` when the token may reach
 * the operation (and remembered as its last use), `api_token.refused` with why when it may not.
 */
export async function recordTokenRequest(
  ctx: AppContext,
  row: ApiTokenRow,
  use: { method: string; route: string; ip: string },
  refused: 'API_TOKEN_NOT_ALLOWED' | null,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!refused) await repo.touchToken(tx, row.id, now);
    await recordAudit(tx, {
      actorId: row.userId,
      action: refused ? 'api_token.refused' : 'api_token.used',
      targetType: 'api_token',
      targetId: row.id,
      ip: use.ip,
      details: {
        method: use.method,
        route: use.route,
        ...(refused ? { reason: refused } : {}),
      },
    });
  });
}

/**
 * Every token of a user stops working (auth/other-ways-in.ts: the account's credentials changed,
 * staff ended all access, the account closed); how many were still working.
 */
export function revokeAllTokensOf(db: DbOrTx, userId: string, at: Date): Promise<number> {
  return repo.revokeAllTokens(db, userId, at);
}
