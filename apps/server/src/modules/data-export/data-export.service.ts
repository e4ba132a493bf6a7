import { Readable } from 'node:stream';
import type { z } from 'zod';
import { DATA_EXPORT_FORMAT, dataExportSchema } from '@app/shared/schemas/data-export';
import type { Book } from '@app/shared/schemas/kinds';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { activityOf, recordAudit } from '../audit';
import { ownAssessments } from '../appropriateness';
import { allSessionsOf, toMe } from '../session';
import { listTokens } from '../api-tokens';
import { identitiesOf } from '../sign-in-providers';
import { supportMessagesOf } from '../contact';
import { openTrades, tradeHistory } from '../copy-trading';
import { notificationsOf, preferencesOf } from '../notifications';
import { listOwn } from '../transactions';
import { practiceOf } from '../practice';
import { myVerification } from '../verification';
import { jsonDocument, type JsonPart } from './domain/json-document';

/** Rows read per keyset page while an export streams (the lists' own page limit). */
const PAGE = 100;
/** Activity entries per page (the audit module's page for a whole history). */
const ACTIVITY_PAGE = 500;

/** Every page of a keyset-paged list, first to last, each read only when the last was taken. */
async function* pages<T>(
  read: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): AsyncGenerator<T[]> {
  let cursor: string | undefined;
  for (;;) {
    const page = await read(cursor);
    yield page.items;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** Each item as the export's schema lets it out (as the response schema did for the whole). */
async function* checked<T>(
  schema: z.ZodType<T>,
  source: AsyncIterable<readonly unknown[]>,
): AsyncGenerator<T[]> {
  for await (const page of source) yield page.map((item) => schema.parse(item));
}

export interface PersonalDataExport {
  exportedAt: string;
  /** The document's JSON text (personal-data-export/1), written as it is read. */
  body: Readable;
}

const shape = dataExportSchema.shape;

/** One part of the document, read whole and checked against the export's schema. */
const value = <K extends keyof typeof shape>(key: K, data: unknown): JsonPart => ({
  key,
  value: shape[key].parse(data),
});

/** One long list of the document, written a page at a time, each item checked. */
const list = <K extends keyof typeof shape>(
  key: K,
  schema: z.ZodType,
  source: AsyncIterable<readonly unknown[]>,
): JsonPart => ({ key, pages: checked(schema, source) });

/**
 * The user's long histories in one book (the real account's, or the practice account's apart),
 * each read a keyset page at a time only as the document is written (nothing is read until then).
 */
function bookPages(ctx: AppContext, userId: string, book: Book) {
  return {
    transactions: pages((cursor) => listOwn(ctx, userId, { cursor, limit: PAGE, book })),
    closedTrades: pages(async (cursor) => {
      const page = await tradeHistory(ctx, userId, { cursor, limit: PAGE, book });
      return { items: page.trades, nextCursor: page.nextCursor };
    }),
  };
}

/** The practice account (issue 42) as the export lists it: apart, every item labelled practice. */
async function practiceSection(ctx: AppContext, user: UserRow): Promise<JsonPart> {
  const practice = shape.practice.shape;
  const [{ account }, openCopies] = await Promise.all([
    practiceOf(ctx, user),
    openTrades(ctx, user.id, 'practice'),
  ]);
  const history = bookPages(ctx, user.id, 'practice');
  return {
    key: 'practice',
    parts: [
      { key: 'account', value: practice.account.parse(account) },
      { key: 'transactions', pages: checked(practice.transactions.element, history.transactions) },
      { key: 'openTrades', value: practice.openTrades.parse(openCopies) },
      { key: 'closedTrades', pages: checked(practice.closedTrades.element, history.closedTrades) },
    ],
  };
}

/**
 * The user's long histories, each read a keyset page at a time only as the document is written
 * (nothing is read until then): the real account's copies and transactions.
 */
function historyPages(ctx: AppContext, userId: string) {
  return {
    ...bookPages(ctx, userId, 'real'),
    activity: pages(async (cursor) => {
      const page = await activityOf(ctx, userId, {
        before: cursor === undefined ? undefined : Number(cursor),
        limit: ACTIVITY_PAGE,
      });
      return { items: page.entries, nextCursor: page.nextBefore };
    }),
    notifications: pages(async (cursor) => {
      const page = await notificationsOf(ctx, userId, { cursor, limit: PAGE });
      return { items: page.notifications, nextCursor: page.nextCursor };
    }),
  };
}

/**
 * "Download my data": everything the platform holds about the user, each part read through its
 * owning module with the user's own id (never another user's rows), and the download audited.
 * The practice account's copies and transactions (issue 42) are listed apart, in `practice`, never
 * among the real ones.
 * The long lists (activity, transactions, closed trades, notifications) are read a keyset page at
 * a time as the reply is written, so a history of 100,000 rows never sits in memory whole and no
 * single step holds the event loop for long; the document is the same JSON as before.
 */
export async function openPersonalDataExport(
  ctx: AppContext,
  user: UserRow,
  ip: string,
): Promise<PersonalDataExport> {
  const userId = user.id;
  const exportedAt = ctx.clock.now().toISOString();
  const [sessions, trades, preferences, practice] = await Promise.all([
    allSessionsOf(ctx, userId),
    openTrades(ctx, userId, 'real'),
    preferencesOf(ctx, userId),
    practiceSection(ctx, user),
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
  const history = historyPages(ctx, userId);
  // The first-start admin's "set a new password" state is a moment of sign-in, not personal data
  // (and the export carries nothing named after a password).
  const { passwordChangeRequired: _signInState, ...profile } = toMe(user);
  const parts: JsonPart[] = [
    value('format', DATA_EXPORT_FORMAT),
    value('exportedAt', exportedAt),
    value('profile', {
      ...profile,
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
    }),
    value('sessions', sessions),
    list('activity', shape.activity.element, history.activity),
    list('transactions', shape.transactions.element, history.transactions),
    value('openTrades', trades),
    list('closedTrades', shape.closedTrades.element, history.closedTrades),
    list('notifications', shape.notifications.element, history.notifications),
    value('notificationPreferences', preferences),
    value('supportMessages', supportMessages),
    value('verification', verification),
    value('appropriatenessAssessments', appropriatenessAssessments),
    value('linkedProviders', linkedProviders),
    value('apiTokens', apiTokens),
    practice,
  ];
  return { exportedAt, body: Readable.from(jsonDocument(parts)) };
}
