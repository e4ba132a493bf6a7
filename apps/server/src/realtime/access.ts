import type { AppContext } from '../context';
import { findLiveSessionsByIds, sessionIsLive, sessionLimits } from '../modules/session';
import { channelsFor } from './channels';

/**
 * Re-checks sessions against the database: for each of `sessionIds` still live, the channels its
 * user may hear now. A session missing from the answer has ended.
 */
export type Authorize = (sessionIds: string[]) => Promise<Map<string, string[]>>;

/**
 * Re-checks open sockets the way a request is checked: the session must be neither revoked nor
 * expired (absolute or idle), its user not deleted; the channels then follow the user's roles now.
 */
export function sessionAuthorizer(ctx: AppContext): Authorize {
  return async (sessionIds) => {
    const rows = await findLiveSessionsByIds(ctx, sessionIds);
    const now = ctx.clock.now();
    const limits = sessionLimits(ctx);
    return new Map(
      rows
        .filter((row) => sessionIsLive(row.session, now, limits))
        .map((row) => [row.session.id, channelsFor(row.user)]),
    );
  };
}
