import { DATA_EXPORT_FORMAT, type DataExport } from '@app/shared/schemas/data-export';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { allActivityOf, recordAudit } from '../audit/audit.service';
import { ownAssessments } from '../appropriateness/appropriateness.service';
import { allSessionsOf } from '../auth/auth.service';
import { listTokens } from '../api-tokens/api-tokens.service';
import { identitiesOf } from '../sign-in-providers/sign-in-providers.service';
import { supportMessagesOf } from '../contact/contact.service';
import { openTrades, tradeHistory } from '../copy-trading/trades.service';
import { notificationsOf, preferencesOf } from '../notifications/notifications.service';
import { listOwn } from '../transactions/transactions.service';
import { toMe } from '../users/user.view';
import { myVerification } from '../verification/verification.service';

const PAGE = 100;

/** Every page of a keyset-paged list, first to last. */
async function allPages<T>(
  read: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await read(cursor);
    items.push(...page.items);
    if (!page.nextCursor) return items;
    cursor = page.nextCursor;
  }
}

/**
 * "Download my data": everything the platform holds about the user, each part read through its
 * owning module with the user's own id (never another user's rows), and the download audited.
 */
export async function exportPersonalData(
  ctx: AppContext,
  user: UserRow,
  ip: string,
): Promise<DataExport> {
  const userId = user.id;
  const [sessions, activity, transactions, trades, closedTrades, notifications, preferences] =
    await Promise.all([
      allSessionsOf(ctx, userId),
      allActivityOf(ctx, userId),
      allPages((cursor) => listOwn(ctx, userId, { cursor, limit: PAGE })),
      openTrades(ctx, userId),
      allPages(async (cursor) => {
        const page = await tradeHistory(ctx, userId, { cursor, limit: PAGE });
        return { items: page.trades, nextCursor: page.nextCursor };
      }),
      allPages(async (cursor) => {
        const page = await notificationsOf(ctx, userId, { cursor, limit: PAGE });
        return { items: page.notifications, nextCursor: page.nextCursor };
      }),
      preferencesOf(ctx, userId),
    ]);
  const supportMessages = await supportMessagesOf(ctx, userId);
  const verification = await myVerification(ctx, userId);
  const appropriatenessAssessments = await ownAssessments(ctx, userId);
  const linkedProviders = await identitiesOf(ctx, userId);
  const apiTokens = await listTokens(ctx, userId);
  await recordAudit(ctx.db, {
    actorId: userId,
    action: 'user.data_exported',
    targetType: 'user',
    targetId: userId,
    ip,
  });
  return {
    format: DATA_EXPORT_FORMAT,
    exportedAt: ctx.clock.now().toISOString(),
    profile: { ...toMe(user), emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null },
    sessions,
    activity,
    transactions,
    openTrades: trades,
    closedTrades,
    notifications,
    notificationPreferences: preferences,
    supportMessages,
    verification,
    appropriatenessAssessments,
    linkedProviders,
    apiTokens,
  };
}
