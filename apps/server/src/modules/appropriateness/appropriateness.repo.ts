import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { QuestionnaireContent } from '@app/shared/schemas/appropriateness';
import type { DbOrTx } from '../../db/client';
import {
  appropriatenessAssessments,
  appropriatenessQuestionnaires,
  type AssessmentRow,
  type QuestionnaireRow,
} from '../../db/schema';

/** The newest version of the questionnaire, or undefined before the first is stored. */
export async function latestQuestionnaire(db: DbOrTx): Promise<QuestionnaireRow | undefined> {
  const [row] = await db
    .select()
    .from(appropriatenessQuestionnaires)
    .orderBy(desc(appropriatenessQuestionnaires.version))
    .limit(1);
  return row;
}

export async function questionnaireVersion(
  db: DbOrTx,
  version: number,
): Promise<QuestionnaireRow | undefined> {
  const [row] = await db
    .select()
    .from(appropriatenessQuestionnaires)
    .where(eq(appropriatenessQuestionnaires.version, version));
  return row;
}

/** Stores version 1 unless a version 1 exists (two first reads at once store it once). */
export async function insertFirstVersion(
  db: DbOrTx,
  content: QuestionnaireContent,
  now: Date,
): Promise<void> {
  await db
    .insert(appropriatenessQuestionnaires)
    .values({ version: 1, content, createdBy: null, createdAt: now })
    .onConflictDoNothing();
}

/**
 * A new version, one above the newest, taken under a transaction-scoped lock so two admins saving
 * at once get consecutive versions.
 */
export async function insertNextVersion(
  db: DbOrTx,
  content: QuestionnaireContent,
  createdBy: string,
  now: Date,
): Promise<QuestionnaireRow> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727201)`);
  const [row] = await db
    .insert(appropriatenessQuestionnaires)
    .values({
      version: sql`(SELECT coalesce(max(version), 0) + 1 FROM appropriateness_questionnaires)`,
      content,
      createdBy,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('questionnaire version not stored');
  return row;
}

/** The user's newest assessment (the one that counts). */
export async function latestAssessment(
  db: DbOrTx,
  userId: string,
): Promise<AssessmentRow | undefined> {
  const [row] = await assessmentsOf(db, userId).limit(1);
  return row;
}

/** Every assessment of the user, newest first (admin). */
export function assessmentsOf(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(appropriatenessAssessments)
    .where(eq(appropriatenessAssessments.userId, userId))
    .orderBy(desc(appropriatenessAssessments.createdAt), desc(appropriatenessAssessments.id));
}

export async function insertAssessment(
  db: DbOrTx,
  values: Omit<AssessmentRow, 'id' | 'acknowledgedAt'>,
): Promise<AssessmentRow> {
  const [row] = await db.insert(appropriatenessAssessments).values(values).returning();
  if (!row) throw new Error('assessment not stored');
  return row;
}

/** Marks this (not yet acknowledged, not appropriate) assessment acknowledged; undefined if not. */
export async function acknowledge(
  db: DbOrTx,
  id: string,
  now: Date,
): Promise<AssessmentRow | undefined> {
  const [row] = await db
    .update(appropriatenessAssessments)
    .set({ acknowledgedAt: now })
    .where(
      and(
        eq(appropriatenessAssessments.id, id),
        eq(appropriatenessAssessments.result, 'not_appropriate'),
        isNull(appropriatenessAssessments.acknowledgedAt),
      ),
    )
    .returning();
  return row;
}
