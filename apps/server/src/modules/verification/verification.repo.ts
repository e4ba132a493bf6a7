import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DocumentKind } from '@app/shared/schemas/verification';
import type { DbOrTx } from '../../db/client';
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
