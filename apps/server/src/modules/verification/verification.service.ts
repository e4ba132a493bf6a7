import {
  DOCUMENT_KINDS,
  dateOfBirthProblem,
  documentsNeeded,
  standingOf,
  type AdminVerification,
  type DocumentKind,
  type MyVerification,
  type RejectVerificationInput,
  type VerificationDetails,
  type VerificationDocument,
} from '@app/shared/schemas/verification';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow, VerificationDocumentRow, VerificationRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { auditingSelfDecisions, SelfDecisionError } from '../approvals';
import { recordAudit } from '../audit';
import { notify, type Announce } from '../notifications';
import { activateReviewed } from './activation';
import { orphanFileSweepJob } from '../../jobs/orphan-sweep';
import { hourlyRetentionJob } from '../../jobs/retention-sweep';
import type { Job } from '../../jobs/scheduler';
import { documentRetentionDays, verificationRequired } from '../settings';
import {
  cleanDocument,
  newStorageName,
  readSealed,
  removeSealed,
  sweepOrphanSealed,
  writeSealed,
} from './document-store';
import { documentTypeOf } from './domain/document-file';
import * as repo from './verification.repo';

/**
 * Account review with evidence (issue 21): the user uploads an identity document and a proof of
 * address and submits their details; an admin approves (the account is activated through the
 * users module, in the same transaction) or rejects with a reason the user acts on. Every view of
 * a document, and every attempt at someone else's, is in the audit log.
 */

function documentView(row: VerificationDocumentRow): VerificationDocument {
  return {
    id: row.id,
    kind: row.kind,
    mediaType: row.mediaType,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.createdAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

function detailsOf(row: VerificationRow | undefined): VerificationDetails | null {
  if (!row?.legalName || !row.dateOfBirth || !row.address || !row.nationality) return null;
  if (!row.documentType) return null;
  return {
    legalName: row.legalName,
    dateOfBirth: row.dateOfBirth,
    address: row.address,
    nationality: row.nationality,
    documentType: row.documentType,
  };
}

function myView(
  row: VerificationRow | undefined,
  documents: VerificationDocumentRow[],
  required: boolean,
): MyVerification {
  const status = row?.status ?? null;
  return {
    required,
    standing: standingOf(status),
    status,
    details: detailsOf(row),
    documents: documents.map(documentView),
    reason: status === 'rejected' ? (row?.decisionReason ?? null) : null,
    requestedDocument: status === 'rejected' ? (row?.requestedDocument ?? null) : null,
    submittedAt: row?.submittedAt?.toISOString() ?? null,
    decidedAt: row?.decidedAt?.toISOString() ?? null,
  };
}

export async function myVerification(ctx: AppContext, userId: string): Promise<MyVerification> {
  const [row, documents, required] = await Promise.all([
    repo.verificationOf(ctx.db, userId),
    repo.currentDocuments(ctx.db, [userId]),
    verificationRequired(ctx.db),
  ]);
  return myView(row, documents, required);
}

function isKind(field: string): field is DocumentKind {
  return (DOCUMENT_KINDS as readonly string[]).includes(field);
}

const isLocked = (row: VerificationRow) => row.status === 'submitted' || row.status === 'approved';

/**
 * Stores one document (the multipart field names its kind), replacing the current one of that
 * kind. The bytes decide the type; images are re-encoded; the file is sealed before it touches
 * the disk. A refused file stores nothing.
 */
export async function uploadDocument(
  ctx: AppContext,
  user: UserRow,
  file: UploadedFile,
  ip: string,
): Promise<MyVerification> {
  const field = file.field.slice(0, 40);
  if (!isKind(file.field)) throw refusal('VERIFICATION_DOCUMENT_KIND', {}, field);
  const kind = file.field;
  const existing = await repo.verificationOf(ctx.db, user.id);
  if (existing && isLocked(existing)) throw refusal('VERIFICATION_LOCKED');
  const type = documentTypeOf(file.filename, file.bytes);
  if (!type) throw refusal('VERIFICATION_FILE_TYPE', {}, kind);
  const clean = await cleanDocument(type, file.bytes, kind);
  const storageName = newStorageName();
  await writeSealed(ctx.config.dataDir, ctx.secretsKey, storageName, clean.bytes);
  try {
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const row = await repo.lockOrCreateVerification(tx, user.id, now);
      if (isLocked(row)) throw refusal('VERIFICATION_LOCKED');
      const document = await repo.replaceDocument(tx, {
        userId: user.id,
        kind,
        mediaType: clean.mediaType,
        sizeBytes: clean.bytes.length,
        storageName,
        createdAt: now,
      });
      await repo.updateVerification(tx, row.id, { updatedAt: now });
      await recordAudit(tx, {
        actorId: user.id,
        action: 'verification.document_uploaded',
        targetType: 'verification_document',
        targetId: document.id,
        ip,
        details: { kind, mediaType: clean.mediaType },
      });
    });
  } catch (error) {
    await removeSealed(ctx.config.dataDir, storageName);
    throw error;
  }
  return myVerification(ctx, user.id);
}

/** The user sends their details with the documents for review. */
export async function submit(
  ctx: AppContext,
  user: UserRow,
  details: VerificationDetails,
  ip: string,
): Promise<MyVerification> {
  const now = ctx.clock.now();
  const problem = dateOfBirthProblem(details.dateOfBirth, now.toISOString().slice(0, 10));
  if (problem) throw refusal(problem, {}, 'dateOfBirth');
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockOrCreateVerification(tx, user.id, now);
    if (isLocked(row)) throw refusal('VERIFICATION_LOCKED');
    const documents = new Map(
      (await repo.currentDocuments(tx, [user.id])).map((d) => [d.kind, d] as const),
    );
    for (const kind of documentsNeeded(details.documentType)) {
      if (!documents.has(kind)) throw refusal('VERIFICATION_DOCUMENT_MISSING', {}, kind);
    }
    // Asked to upload one document again: the one on file must be newer than the decision.
    const asked = row.status === 'rejected' ? row.requestedDocument : null;
    if (asked && row.decidedAt) {
      const current = documents.get(asked);
      if (!current || current.createdAt <= row.decidedAt) {
        throw refusal('VERIFICATION_DOCUMENT_MISSING', {}, asked);
      }
    }
    await repo.updateVerification(tx, row.id, {
      ...details,
      status: 'submitted',
      submittedAt: now,
      updatedAt: now,
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
      requestedDocument: null,
    });
    await recordAudit(tx, {
      actorId: user.id,
      action: 'verification.submitted',
      targetType: 'verification',
      targetId: row.id,
      ip,
    });
  });
  ctx.realtime.publish('admin', { type: 'users.changed', data: { id: user.id } });
  return myVerification(ctx, user.id);
}

async function readDocument(
  ctx: AppContext,
  actor: { id: string; isAdmin: boolean },
  id: string,
  ip: string,
): Promise<{ bytes: Buffer; mediaType: string; kind: DocumentKind }> {
  const row = await repo.findDocument(ctx.db, id, actor.isAdmin ? null : actor.id);
  // A file deleted after the retention period is not found, as for a file that never was.
  const bytes = row?.storageName
    ? await readSealed(ctx.config.dataDir, ctx.secretsKey, row.storageName)
    : null;
  if (!row || !bytes) {
    await recordAudit(ctx.db, {
      actorId: actor.id,
      action: 'refused.verification_document',
      targetType: 'verification_document',
      targetId: id,
      ip,
    });
    throw refusal('VERIFICATION_DOCUMENT_NOT_FOUND');
  }
  await recordAudit(ctx.db, {
    actorId: actor.id,
    action: actor.isAdmin
      ? 'verification.document_viewed_by_admin'
      : 'verification.document_viewed',
    targetType: 'user',
    targetId: row.userId,
    ip,
    details: { documentId: row.id, kind: row.kind },
  });
  return { bytes, mediaType: row.mediaType, kind: row.kind };
}

/** GET /api/verification/documents/:id — the owner's own document; anyone else's is not found. */
export function readOwnDocument(ctx: AppContext, user: UserRow, id: string, ip: string) {
  return readDocument(ctx, { id: user.id, isAdmin: false }, id, ip);
}

/** GET /api/admin/verifications/documents/:id — any user's document, audited. */
export function readDocumentAsAdmin(ctx: AppContext, admin: UserRow, id: string, ip: string) {
  return readDocument(ctx, { id: admin.id, isAdmin: true }, id, ip);
}

function adminView(
  row: {
    verification: VerificationRow;
    userName: string;
    userEmail: string;
    userActive: boolean;
  },
  documents: VerificationDocumentRow[],
): AdminVerification {
  const { verification } = row;
  return {
    id: verification.id,
    userId: verification.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    userActive: row.userActive,
    status: verification.status,
    details: detailsOf(verification),
    documents: documents.map(documentView),
    reason: verification.decisionReason,
    requestedDocument: verification.requestedDocument,
    submittedAt: verification.submittedAt?.toISOString() ?? null,
    decidedAt: verification.decidedAt?.toISOString() ?? null,
  };
}

export async function listVerifications(
  ctx: AppContext,
  status: 'submitted' | 'rejected' | 'approved',
): Promise<{ verifications: AdminVerification[] }> {
  const rows = await repo.listVerifications(ctx.db, status, 100);
  const documents = await repo.currentDocuments(
    ctx.db,
    rows.map((r) => r.verification.userId),
  );
  return {
    verifications: rows.map((row) =>
      adminView(
        row,
        documents.filter((d) => d.userId === row.verification.userId),
      ),
    ),
  };
}

async function adminVerification(ctx: AppContext, id: string) {
  const row = await repo.findVerificationWithUser(ctx.db, id);
  if (!row) throw refusal('VERIFICATION_NOT_FOUND');
  return {
    verification: adminView(row, await repo.currentDocuments(ctx.db, [row.verification.userId])),
  };
}

/**
 * Writes an admin's decision on a submitted verification, with its audit line, in `tx`: approved,
 * or rejected with the reason the user sees and the document to redo.
 */
async function recordDecision(
  tx: DbOrTx,
  actor: { adminId: string; ip: string },
  verification: { id: string; userId: string },
  now: Date,
  decision:
    { status: 'approved' } | { status: 'rejected'; reason: string; document: DocumentKind | null },
): Promise<void> {
  const rejection =
    decision.status === 'rejected'
      ? { reason: decision.reason, document: decision.document }
      : null;
  await repo.updateVerification(tx, verification.id, {
    status: decision.status,
    decidedBy: actor.adminId,
    decidedAt: now,
    updatedAt: now,
    ...(rejection
      ? { decisionReason: rejection.reason, requestedDocument: rejection.document }
      : {}),
  });
  await recordAudit(tx, {
    actorId: actor.adminId,
    action: decision.status === 'approved' ? 'verification.approved' : 'verification.rejected',
    targetType: 'user',
    targetId: verification.userId,
    ip: actor.ip,
    details: { verificationId: verification.id, ...rejection },
  });
}

/**
 * Approves a submitted verification and activates the account: the users module's activation,
 * with this approval as its review step in the same transaction (activation.ts). Never one's own.
 */
export async function approve(ctx: AppContext, admin: UserRow, id: string, ip: string) {
  const found = await repo.findVerificationWithUser(ctx.db, id);
  if (!found) throw refusal('VERIFICATION_NOT_FOUND');
  const { userId } = found.verification;
  let announce: Announce = () => {};
  await activateReviewed(ctx, { adminId: admin.id, ip }, userId, async (tx) => {
    const row = await repo.lockVerification(tx, id);
    if (row?.status !== 'submitted') throw refusal('VERIFICATION_ALREADY_DECIDED');
    await recordDecision(tx, { adminId: admin.id, ip }, { id, userId }, ctx.clock.now(), {
      status: 'approved',
    });
    announce = await notify(ctx, tx, userId, { type: 'verification_approved', params: {} });
  });
  announce();
  return adminVerification(ctx, id);
}

/** Rejects a submitted verification with the reason the user sees (and the document to redo). */
export async function reject(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  input: RejectVerificationInput,
  ip: string,
) {
  const actor = { adminId: admin.id, ip };
  const announce = await auditingSelfDecisions(ctx, actor, () =>
    ctx.db.transaction(async (tx) => {
      const row = await repo.lockVerification(tx, id);
      if (!row) throw refusal('VERIFICATION_NOT_FOUND');
      if (row.userId === admin.id) {
        throw new SelfDecisionError('verification.reject', 'verification', id);
      }
      if (row.status !== 'submitted') throw refusal('VERIFICATION_ALREADY_DECIDED');
      await recordDecision(tx, actor, { id, userId: row.userId }, ctx.clock.now(), {
        status: 'rejected',
        reason: input.reason,
        document: input.document ?? null,
      });
      const told = await notify(ctx, tx, row.userId, {
        type: 'verification_rejected',
        params: { reason: input.reason, document: input.document ?? null },
      });
      return () => {
        told();
        ctx.realtime.publish(`user:${row.userId}`, { type: 'account.changed' });
        ctx.realtime.publish('admin', { type: 'users.changed', data: { id: row.userId } });
      };
    }),
  );
  announce();
  return adminVerification(ctx, id);
}

// Retention ----------------------------------------------------------------------------------------

const DAY_MS = 24 * 3600_000;
/** Documents handled per sweep run (the next run carries on). */
const RETENTION_BATCH = 500;

/**
 * Deletes the sealed files of accounts closed longer ago than the operator's retention period.
 * Each account's rows lose their file reference in one transaction with an audit entry
 * (`verification.documents_deleted`, by the system); the files go after the commit, so a crash in
 * between leaves files no row points at, which the orphan sweep removes. The rows, the
 * verification's decision and the audit trail stay. Returns how many files were deleted.
 */
export async function deleteDocumentsPastRetention(ctx: AppContext, now: Date): Promise<number> {
  const retentionDays = await documentRetentionDays(ctx.db);
  const closedBefore = new Date(now.getTime() - retentionDays * DAY_MS);
  const due = await repo.documentsPastRetention(ctx.db, closedBefore, RETENTION_BATCH);
  const byUser = new Map<string, { ids: string[]; closedAt: Date | null }>();
  for (const row of due) {
    const entry = byUser.get(row.userId) ?? { ids: [], closedAt: row.closedAt };
    entry.ids.push(row.id);
    byUser.set(row.userId, entry);
  }
  let deleted = 0;
  for (const [userId, { ids, closedAt }] of byUser) {
    const names = await ctx.db.transaction(async (tx) => {
      const forgotten = await repo.markFilesDeleted(tx, userId, ids, now);
      if (forgotten.length > 0) {
        await recordAudit(tx, {
          actorId: null,
          action: 'verification.documents_deleted',
          targetType: 'user',
          targetId: userId,
          details: {
            documents: forgotten.length,
            retentionDays,
            closedAt: closedAt?.toISOString() ?? null,
          },
        });
      }
      return forgotten;
    });
    for (const name of names) await removeSealed(ctx.config.dataDir, name);
    deleted += names.length;
  }
  return deleted;
}

/** Hourly: the retention sweep above. */
export function documentRetentionJob(ctx: AppContext): Job {
  return hourlyRetentionJob(ctx.log, {
    name: 'verification.document-retention',
    remove: async (now) => ({ deleted: await deleteDocumentsPastRetention(ctx, now) }),
    removedMessage: 'verification files past retention deleted',
  });
}

/** A sealed file younger than this may belong to an upload whose row is not committed yet. */
export const ORPHAN_DOCUMENT_GRACE_MS = 3600_000;

/** Hourly: sealed files no row points at, an hour old or more (a crash mid-upload). */
export function orphanDocumentSweepJob(ctx: AppContext): Job {
  return orphanFileSweepJob(ctx.log, {
    name: 'verification.orphan-documents',
    graceMs: ORPHAN_DOCUMENT_GRACE_MS,
    remove: async (now, graceMs) =>
      sweepOrphanSealed(
        ctx.config.dataDir,
        await repo.referencedStorageNames(ctx.db),
        now,
        graceMs,
      ),
    removedMessage: 'orphan verification files removed',
  });
}
