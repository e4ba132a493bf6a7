import type { AppContext } from '../../context';
import * as repo from './session.repo';

/** Every session of the user's, ended ones too (their data export): no token, only metadata. */
export async function allSessionsOf(ctx: AppContext, userId: string) {
  const rows = await repo.listAllSessions(ctx.db, userId);
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }));
}

/** Sessions not revoked among `ids`, with their users (the live sockets' re-check). */
export function findLiveSessionsByIds(ctx: AppContext, ids: string[]) {
  return repo.findLiveSessionsByIds(ctx.db, ids);
}
