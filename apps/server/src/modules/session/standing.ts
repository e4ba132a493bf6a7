import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { withTransactionGuard } from '../../db/transaction-guard';
import { refusal } from '../../http/errors';
import { lockActorStanding } from './session.repo';
import { sessionIsLive, sessionLimits, type RequestAuth } from './session';

/**
 * Authority decided at the moment of the write.
 *
 * A request's actor (session, role, active status) is read when the request starts
 * (registerSessionLoader); a request can then be held open — a slow body, a slow handler — while
 * an admin deactivates, demotes or signs the actor out. So every transaction a signed-in request
 * opens first reads the actor's rows again under a lock (bindActorStanding binds the check to the
 * request; db/transaction-guard.ts runs it first in each transaction):
 *
 * - the users row FOR NO KEY UPDATE: every change of standing (deactivate, demote, remove a trader,
 *   turn two-factor off, delete) updates that row, so it either committed before this lock (the
 *   check sees it and refuses) or waits for this transaction to commit (the write stands) — never
 *   both. It also makes one actor's writes take turns, so a rule that counts what the actor did
 *   (dual control's amount moved alone) sees the actor's other writes.
 * - the session (or personal API token) row FOR SHARE: a revocation waits the same way.
 *
 * A session or token that ended answers 401; any standing the request was read with and has since
 * lost (active, admin, trader, two-factor) answers 403 ACCESS_CHANGED and the transaction writes
 * nothing. The client's retry is read afresh and gets the exact refusal, if any.
 */
export function bindActorStanding(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRoute', (route) => {
    // A live socket checks its session on its own (src/realtime).
    if (route.websocket) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function standingHandler(request, reply) {
      const auth = request.auth;
      if (!auth) return handler.call(this, request, reply);
      return withTransactionGuard(
        (tx) => confirmStanding(ctx, tx, auth),
        () => handler.call(this, request, reply),
      );
    };
  });
}

/** Locks the actor's rows and refuses the transaction if the actor lost what it was read with. */
export async function confirmStanding(ctx: AppContext, tx: Tx, auth: RequestAuth): Promise<void> {
  const now = ctx.clock.now();
  const { user } = auth;
  const row = await lockActorStanding(tx, {
    userId: user.id,
    ...(auth.apiTokenId !== undefined
      ? { apiTokenId: auth.apiTokenId }
      : { sessionId: auth.sessionId }),
  });
  const ended =
    !row ||
    row.deleted ||
    row.revoked_at !== null ||
    (auth.apiTokenId === undefined
      ? !sessionIsLive(
          { expiresAt: new Date(row.expires_at), lastSeenAt: new Date(row.last_seen_at ?? 0) },
          now,
          sessionLimits(ctx),
        )
      : new Date(row.expires_at) <= now);
  if (ended) throw refusal('UNAUTHENTICATED');
  const lost =
    (user.isActive && !row.is_active) ||
    (user.isAdmin && !row.is_admin) ||
    (user.isTrader && !row.is_trader) ||
    (user.totpEnabledAt !== null && !row.two_factor);
  if (lost) throw refusal('ACCESS_CHANGED');
}
