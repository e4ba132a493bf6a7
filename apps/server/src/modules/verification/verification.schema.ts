import { date, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  DOCUMENT_KINDS,
  IDENTITY_DOCUMENT_TYPES,
  VERIFICATION_STATUSES,
} from '@app/shared/schemas/verification';
import { timestamptz, uuidV7Key } from '../../db/columns';

/** Typed mirror of migrations/0036_verification.sql and 0039 (the SQL is the source of truth). */
export const verifications = pgTable('verifications', {
  id: uuidV7Key(),
  userId: uuid('user_id').notNull(),
  status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('draft'),
  legalName: text('legal_name'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  address: text('address'),
  nationality: text('nationality'),
  documentType: text('document_type', { enum: IDENTITY_DOCUMENT_TYPES }),
  submittedAt: timestamptz('submitted_at'),
  decidedBy: uuid('decided_by'),
  decidedAt: timestamptz('decided_at'),
  decisionReason: text('decision_reason'),
  requestedDocument: text('requested_document', { enum: DOCUMENT_KINDS }),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});
export type VerificationRow = typeof verifications.$inferSelect;

export const verificationDocuments = pgTable('verification_documents', {
  id: uuidV7Key(),
  userId: uuid('user_id').notNull(),
  kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
  mediaType: text('media_type', { enum: ['image/jpeg', 'application/pdf'] }).notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  /** Null once the file was deleted after the retention period (0039). */
  storageName: text('storage_name'),
  createdAt: timestamptz('created_at').notNull(),
  replacedAt: timestamptz('replaced_at'),
  deletedAt: timestamptz('deleted_at'),
});
export type VerificationDocumentRow = typeof verificationDocuments.$inferSelect;
