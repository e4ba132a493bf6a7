import { and, asc, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { DocumentKind } from '@app/shared/schemas/verification';
import type { DbOrTx } from '../../db/client';
import { referencedFileNames } from '../../db/stored-files';
import {
  users,
  verificationDocuments,
  verifications,
  type VerificationDocumentRow,
  type VerificationRow,
} from '../../db/schema';

export async function verificationOf(
  db: DbOrTx,
  userId: string,
): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(verifications).where(eq(verifications.userId, userId));
  return row;
}

/** The user's verification, created as a draft when they have none, locked for a change. */
export async function lockOrCreateVerification(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<VerificationRow> {
  await db
    .insert(verifications)
    .values({ userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: verifications.userId });
  const [row] = await db
    .select()
    .from(verifications)
    .where(eq(verifications.userId, userId))
    .for('update');
  if (!row) throw new Error('verification row vanished');
  return row;
}

export async function updateVerification(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<VerificationRow, 'id' | 'userId' | 'createdAt'>>,
): Promise<VerificationRow> {
  const [row] = await db
    .update(verifications)
    .set(values)
    .where(eq(verifications.id, id))
    .returning();
  if (!row) throw new Error('verification row vanished');
  return row;
}

/** The current documents (one per kind) of these users. */
export function currentDocuments(
  db: DbOrTx,
  userIds: string[],
): Promise<VerificationDocumentRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(verificationDocuments)
    .where(
      and(inArray(verificationDocuments.userId, userIds), isNull(verificationDocuments.replacedAt)),
    )
    .orderBy(asc(verificationDocuments.createdAt));
}

/** Marks the user's current document of `kind` replaced and records the new one. */
export async function replaceDocument(
  db: DbOrTx,
  values: {
    userId: string;
    kind: DocumentKind;
    mediaType: 'image/jpeg' | 'application/pdf';
    sizeBytes: number;
    storageName: string;
    createdAt: Date;
  },
): Promise<VerificationDocumentRow> {
  await db
    .update(verificationDocuments)
    .set({ replacedAt: values.createdAt })
    .where(
      and(
        eq(verificationDocuments.userId, values.userId),
        eq(verificationDocuments.kind, values.kind),
        isNull(verificationDocuments.replacedAt),
      ),
    );
  const [row] = await db.insert(verificationDocuments).values(values).returning();
  if (!row) throw new Error('document not stored');
  return row;
}

/** One document by id: only the owner's when `ownerId` is given (anyone's for an admin). */
export async function findDocument(
  db: DbOrTx,
  id: string,
  ownerId: string | null,
): Promise<VerificationDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationDocuments)
    .where(
      ownerId === null
        ? eq(verificationDocuments.id, id)
        : and(eq(verificationDocuments.id, id), eq(verificationDocuments.userId, ownerId)),
    );
  return row;
}

const withUser = {
  verification: verifications,
  userName: users.name,
  userEmail: users.email,
  userActive: users.isActive,
};

/** Admin: verifications in one state; the queue (submitted) oldest first, others newest first. */
export function listVerifications(
  db: DbOrTx,
  status: 'submitted' | 'rejected' | 'approved',
  limit: number,
) {
  return db
    .select(withUser)
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .where(eq(verifications.status, status))
    .orderBy(
      status === 'submitted' ? asc(verifications.submittedAt) : desc(verifications.decidedAt),
      asc(verifications.id),
    )
    .limit(limit);
}

export async function lockVerification(db: DbOrTx, id: string) {
  const [row] = await db.select().from(verifications).where(eq(verifications.id, id)).for('update');
  return row;
}

export async function findVerificationWithUser(db: DbOrTx, id: string) {
  const [row] = await db
    .select(withUser)
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .where(eq(verifications.id, id));
  return row;
}

/** Whether the user's verification is approved (the users module asks before a bare activation). */
export async function isApproved(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: verifications.status })
    .from(verifications)
    .where(eq(verifications.userId, userId));
  return row?.status === 'approved';
}

/**
 * Documents whose file is still kept although the account was closed before `closedBefore`:
 * what the retention sweep deletes, oldest closure first.
 */
export function documentsPastRetention(db: DbOrTx, closedBefore: Date, limit: number) {
  return db
    .select({
      id: verificationDocuments.id,
      userId: verificationDocuments.userId,
      storageName: verificationDocuments.storageName,
      closedAt: users.deletedAt,
    })
    .from(verificationDocuments)
    .innerJoin(users, eq(users.id, verificationDocuments.userId))
    .where(and(isNotNull(verificationDocuments.storageName), lt(users.deletedAt, closedBefore)))
    .orderBy(asc(users.deletedAt), asc(verificationDocuments.id))
    .limit(limit);
}

/** Forgets these documents' files (the rows stay); returns the storage names to delete. */
export async function markFilesDeleted(
  db: DbOrTx,
  userId: string,
  ids: string[],
  now: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const before = await db
    .select({ id: verificationDocuments.id, storageName: verificationDocuments.storageName })
    .from(verificationDocuments)
    .where(
      and(
        eq(verificationDocuments.userId, userId),
        inArray(verificationDocuments.id, ids),
        isNotNull(verificationDocuments.storageName),
      ),
    )
    .for('update');
  if (before.length === 0) return [];
  await db
    .update(verificationDocuments)
    .set({ storageName: null, deletedAt: now })
    .where(
      inArray(
        verificationDocuments.id,
        before.map((row) => row.id),
      ),
    );
  return before.flatMap((row) => (row.storageName ? [row.storageName] : []));
}

/** Every storage name a row points at (the orphan sweep keeps these files). */
export function referencedStorageNames(db: DbOrTx): Promise<Set<string>> {
  return referencedFileNames(db, verificationDocuments, verificationDocuments.storageName);
}
