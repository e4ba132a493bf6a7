import { z } from 'zod';
import { apiTokenSchema } from './api-tokens';
import { identitySchema } from './sign-in';
import { activityEntrySchema } from './activity';
import { meSchema, sessionRecordSchema } from './auth';
import { adminAssessmentSchema } from './appropriateness';
import { notificationPreferencesSchema, notificationSchema } from './notifications';
import { practiceAccountSchema } from './practice';
import { currentTradeSchema, historyTradeSchema } from './trades';
import { transactionSchema } from './transactions';
import { myVerificationSchema } from './verification';

/**
 * "Download my data" (GET /api/account/export): everything the platform holds about the signed-in
 * user, as one JSON file. Never another user's data: every list is read with the user's id.
 */
export const DATA_EXPORT_FORMAT = 'personal-data-export/1' as const;

export const exportedSessionSchema = sessionRecordSchema.extend({
  expiresAt: z.string(),
  /** When it was signed out or ended (null: still live unless expired). */
  revokedAt: z.string().nullable(),
});

export const exportedSupportMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
});

/**
 * The practice account (issue 42), apart from everything real: virtual money, never mixed into
 * the real transactions and copies above (each item carries `book: 'practice'` as well).
 */
export const exportedPracticeSchema = z.object({
  /** When it was opened, what it started at and how often it started again; null: never opened. */
  account: practiceAccountSchema.shape.account,
  transactions: z.array(transactionSchema),
  openTrades: z.array(currentTradeSchema),
  closedTrades: z.array(historyTradeSchema),
});

export const dataExportSchema = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  exportedAt: z.string(),
  // Without the first-start admin's "set a new password" state: a moment of sign-in, not data.
  profile: meSchema
    .omit({ passwordChangeRequired: true })
    .extend({ emailVerifiedAt: z.string().nullable() }),
  sessions: z.array(exportedSessionSchema),
  activity: z.array(activityEntrySchema),
  /** The real account's transactions and copies; the practice account's are in `practice`. */
  transactions: z.array(transactionSchema),
  openTrades: z.array(currentTradeSchema),
  closedTrades: z.array(historyTradeSchema),
  notifications: z.array(notificationSchema),
  notificationPreferences: notificationPreferencesSchema,
  supportMessages: z.array(exportedSupportMessageSchema),
  /**
   * The identity verification as /verification shows it: the personal details given and the
   * documents on file (their kinds and dates; each file is read there, one at a time).
   */
  verification: myVerificationSchema,
  /** Every appropriateness check taken, newest first, with the questions and answers given. */
  appropriatenessAssessments: z.array(adminAssessmentSchema),
  /** Provider accounts linked for "Continue with …". */
  linkedProviders: z.array(identitySchema),
  /** Personal API tokens (their names and dates; a token itself is never kept). */
  apiTokens: z.array(apiTokenSchema),
  practice: exportedPracticeSchema,
});
export type DataExport = z.infer<typeof dataExportSchema>;
