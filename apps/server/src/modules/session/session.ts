import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@app/shared/http';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { digest, newSecret } from '../../lib/crypto';
import {
  endSessionsOverLimit,
  findSessionByDigest,
  insertSession,
  touchSession,
} from './session.repo';

export interface RequestAuth {
  user: UserRow;
  /** The session's id; for a personal API token's request, the token's id. */
  sessionId: string;
  /** Set when the request came with a personal API token instead of a session (api-tokens). */
  apiTokenId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** How long a session lives: `idle` since it was last used, `absolute` since it was created. */
export function sessionLimits(ctx: AppContext) {
  return {
    idleMs: ctx.config.sessionIdleMinutes * 60_000,
    absoluteMs: ctx.config.sessionAbsoluteHours * 3_600_000,
  };
}

/**
 * Whether a session not revoked is still usable at `now`: before its absolute expiry and used
 * within the idle limit. The one rule for requests and for live sockets (src/realtime).
 */
export function sessionIsLive(
  session: Pick<SessionRow, 'expiresAt' | 'lastSeenAt'>,
  now: Date,
  limits: { idleMs: number },
): boolean {
  return session.expiresAt > now && now.getTime() - session.lastSeenAt.getTime() <= limits.idleMs;
}

export function secureCookies(ctx: AppContext): boolean {
  return ctx.config.publicUrl.startsWith('https://');
}

/**
 * Opens a new session (a fresh random token at every login, so a planted cookie is useless). Every
 * way in (password, second factor, link by e-mail, provider, sign-up) starts its session here, in
 * its own transaction `db`: at MAX_SESSIONS_PER_USER live sessions the user's oldest is ended first,
 * in that same transaction (its cookie stops working; its sockets close as any ended session's do).
 */
export async function startSession(
  ctx: AppContext,
  db: DbOrTx,
  user: UserRow,
  request: FastifyRequest,
): Promise<{ token: string; sessionId: string }> {
  const token = newSecret();
  const now = ctx.clock.now();
  await endSessionsOverLimit(db, {
    userId: user.id,
    max: ctx.config.maxSessionsPerUser,
    now,
    idleSince: new Date(now.getTime() - sessionLimits(ctx).idleMs),
  });
  const session = await insertSession(db, {
    tokenHash: digest(token),
    userId: user.id,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    ip: request.ip,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionLimits(ctx).absoluteMs),
  });
  return { token, sessionId: session.id };
}

/** Sets the session cookie, and a CSRF token bound to that session (the old one stops working). */
export function setSessionCookie(
  ctx: AppContext,
  reply: FastifyReply,
  session: { token: string; sessionId: string },
): void {
  reply.server.issueCsrfCookie(reply, session.sessionId);
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(ctx),
    maxAge: Math.floor(sessionLimits(ctx).absoluteMs / 1000),
  });
}

/** Clears the session cookie; the CSRF token becomes one for a visitor without a session. */
export function clearSessionCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.server.issueCsrfCookie(reply, null);
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(ctx),
  });
}

/**
 * Resolves the session cookie on every request into `request.auth` (or null), through this
 * instance's session cache (session-cache.ts says when an entry is trusted). A request that
 * changed an account forgets on answering (accountChangeOf), so this instance's next request
 * reads what was written; other instances hear of it from the database.
 */
export function registerSessionLoader(app: FastifyInstance, ctx: AppContext): void {
  const cache = ctx.caches.sessions;
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    // A request with a bearer token is the token's (api-tokens/api-tokens.access.ts), never a
    // cookie session's.
    if (
      request.headers.authorization !== undefined &&
      (request.routeOptions.url ?? request.url).startsWith('/api/')
    ) {
      return;
    }
    const tokenHash = digest(token);
    const key = tokenHash.toString('hex');
    const now = ctx.clock.now();
    const limits = sessionLimits(ctx);
    let found = cache.get(key);
    // A remembered last-seen time can be older than another instance's touch: ask the database
    // before turning the request away.
    if (!found || !sessionIsLive(found.session, now, limits)) {
      const epoch = cache.epoch();
      found = await findSessionByDigest(ctx.db, tokenHash);
      if (!found || !sessionIsLive(found.session, now, limits)) return;
      cache.set(key, found, epoch);
    }
    // Write the last-seen time at most once a minute, not on every request.
    if (now.getTime() - found.session.lastSeenAt.getTime() > 60_000) {
      await touchSession(ctx.db, found.session.id, now);
      found.session.lastSeenAt = now;
    }
    request.auth = { user: found.user, sessionId: found.session.id };
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const change = accountChangeOf(request);
    if (change === 'staff') cache.clear();
    else if (change) cache.forgetUser(change.own);
    done(null, payload);
  });
}

/**
 * Whose account rows (users, sessions) a request may have changed, for forgetting at once on
 * this instance: a user's own sign-out, password, two-factor or profile; staff's actions on
 * users. Any other change is forgotten when the database's notice arrives, within milliseconds.
 */
function accountChangeOf(request: FastifyRequest): { own: string } | 'staff' | null {
  if (!request.auth || request.method === 'GET' || request.method === 'HEAD') return null;
  const path = request.routeOptions.url ?? '';
  if (path.startsWith('/api/admin/users')) return 'staff';
  if (path.startsWith('/api/auth/') || path.startsWith('/api/profile')) {
    return { own: request.auth.user.id };
  }
  return null;
}

export function requireUser(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw refusal('UNAUTHENTICATED');
  return request.auth;
}

/**
 * An admin with two-factor sign-in on: every admin operation (guardAdmin on every /api/admin
 * plugin calls this) refuses an admin without it, with its own code, so the web can send them
 * to set it up.
 */
export function requireAdmin(request: FastifyRequest): RequestAuth {
  const auth = requireUser(request);
  if (!auth.user.isAdmin) throw refusal('FORBIDDEN');
  // A deactivated staff account keeps its own money, not the back office.
  if (!auth.user.isActive) throw refusal('STAFF_ACCOUNT_INACTIVE');
  if (!hasAdminPowers(auth.user)) {
    throw refusal('ADMIN_TWO_FACTOR_REQUIRED');
  }
  return auth;
}

/** Admin rights take an active admin account with two-factor sign-in enabled (HTTP and sockets). */
export function hasAdminPowers(
  user: Pick<UserRow, 'isAdmin' | 'isActive' | 'totpEnabledAt' | 'deletedAt'>,
): boolean {
  return user.isAdmin && user.isActive && user.totpEnabledAt !== null && user.deletedAt === null;
}
