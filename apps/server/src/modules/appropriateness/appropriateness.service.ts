import {
  appropriatenessStandingOf,
  mayInvestFrom,
  type AdminAssessment,
  type AdminQuestionnaire,
  type AdminUserAppropriateness,
  type Assessment,
  type MyAppropriateness,
  type QuestionnaireContent,
  type QuestionnaireView,
  type SubmitAssessmentInput,
} from '@app/shared/schemas/appropriateness';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { AssessmentRow, QuestionnaireRow, UserRow } from '../../db/schema';
import { refusal } from '../../http/errors';
import { recordAudit } from '../audit';
import { appropriatenessRequired } from '../settings';
import { userNames } from '../users';
import * as repo from './appropriateness.repo';
import { DEFAULT_QUESTIONNAIRE } from './domain/default-questionnaire';
import { scoreAnswers } from './domain/scoring';

/**
 * The appropriateness check before a new copy trade (issue 21; ESMA's appropriateness test): the
 * user answers the operator's questionnaire on knowledge and experience, the score decides whether
 * the product looks appropriate, and a result that says it may not be asks for an explicit
 * acknowledgement of the warning before the server lets the user invest. Every assessment is kept,
 * with the questionnaire version it answered, for the admins.
 */

/** The newest questionnaire; the default version 1 is stored the first time none is found. */
export async function currentQuestionnaire(ctx: AppContext): Promise<QuestionnaireRow> {
  const found = await repo.latestQuestionnaire(ctx.db);
  if (found) return found;
  await repo.insertFirstVersion(ctx.db, DEFAULT_QUESTIONNAIRE, ctx.clock.now());
  const stored = await repo.latestQuestionnaire(ctx.db);
  if (!stored) throw new Error('the default questionnaire was not stored');
  return stored;
}

function userView(row: QuestionnaireRow): QuestionnaireView {
  return {
    version: row.version,
    questions: row.content.questions.map((question) => ({
      id: question.id,
      text: question.text,
      options: question.options.map((option) => ({ id: option.id, text: option.text })),
    })),
  };
}

function assessmentView(row: AssessmentRow): Assessment {
  return {
    id: row.id,
    version: row.questionnaireVersion,
    result: row.result,
    score: row.score,
    maxScore: row.maxScore,
    passScore: row.passScore,
    takenAt: row.createdAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  };
}

export async function myAppropriateness(
  ctx: AppContext,
  userId: string,
): Promise<MyAppropriateness> {
  const [questionnaire, latest, required] = await Promise.all([
    currentQuestionnaire(ctx),
    repo.latestAssessment(ctx.db, userId),
    appropriatenessRequired(ctx.db),
  ]);
  return {
    required,
    standing: appropriatenessStandingOf(latest ?? null),
    questionnaire: userView(questionnaire),
    assessment: latest ? assessmentView(latest) : null,
  };
}

function announce(ctx: AppContext, userId: string): void {
  ctx.realtime.publish(`user:${userId}`, { type: 'account.changed' });
  ctx.realtime.publish('admin', { type: 'users.changed', data: { id: userId } });
}

/**
 * Scores the user's answers to the version they were shown and keeps them. Answers to an older
 * version are refused (the questions changed); a missing or unknown answer names its question.
 * The check may be taken again: the newest assessment counts, the earlier ones stay on record.
 */
export async function submitAssessment(
  ctx: AppContext,
  user: UserRow,
  input: SubmitAssessmentInput,
  ip: string,
): Promise<MyAppropriateness> {
  const questionnaire = await currentQuestionnaire(ctx);
  if (input.version !== questionnaire.version) {
    throw refusal('APPROPRIATENESS_QUESTIONNAIRE_CHANGED', {}, 'version');
  }
  const scored = scoreAnswers(questionnaire.content, input.answers);
  if (!scored.ok) {
    const field = `answers.${scored.questionId.slice(0, 40)}`;
    throw scored.problem === 'missing'
      ? refusal('APPROPRIATENESS_ANSWER_MISSING', {}, field)
      : refusal('APPROPRIATENESS_ANSWER_UNKNOWN', {}, field);
  }
  await ctx.db.transaction(async (tx) => {
    const row = await repo.insertAssessment(tx, {
      userId: user.id,
      questionnaireVersion: questionnaire.version,
      answers: input.answers,
      score: scored.score,
      maxScore: scored.maxScore,
      passScore: scored.passScore,
      result: scored.result,
      createdAt: ctx.clock.now(),
    });
    await recordAudit(tx, {
      actorId: user.id,
      action: 'appropriateness.assessed',
      targetType: 'appropriateness_assessment',
      targetId: row.id,
      ip,
      details: { version: questionnaire.version, score: scored.score, result: scored.result },
    });
  });
  announce(ctx, user.id);
  return myAppropriateness(ctx, user.id);
}

/** The user ticks that they read the warning of their newest, "may not be appropriate" result. */
export async function acknowledgeWarning(
  ctx: AppContext,
  user: UserRow,
  ip: string,
): Promise<MyAppropriateness> {
  await ctx.db.transaction(async (tx) => {
    const latest = await repo.latestAssessment(tx, user.id);
    if (latest?.result !== 'not_appropriate') {
      throw refusal('APPROPRIATENESS_NOTHING_TO_ACKNOWLEDGE');
    }
    // Acknowledged already: the first acknowledgement stands (a repeated tick changes nothing).
    if (latest.acknowledgedAt) return;
    const row = await repo.acknowledge(tx, latest.id, ctx.clock.now());
    if (!row) return;
    await recordAudit(tx, {
      actorId: user.id,
      action: 'appropriateness.warning_acknowledged',
      targetType: 'appropriateness_assessment',
      targetId: row.id,
      ip,
    });
  });
  announce(ctx, user.id);
  return myAppropriateness(ctx, user.id);
}

/**
 * For the copy-trading module, inside the transaction that opens a trade: refuses a new copy
 * trade until the assessment is on record and, when it warned, acknowledged — unless the operator
 * has switched the check off. Adding to, taking from and closing a trade never ask.
 */
export async function requireAppropriatenessForNewTrade(db: DbOrTx, userId: string): Promise<void> {
  if (!(await appropriatenessRequired(db))) return;
  const standing = appropriatenessStandingOf((await repo.latestAssessment(db, userId)) ?? null);
  if (mayInvestFrom(standing)) return;
  throw refusal('APPROPRIATENESS_REQUIRED', {
    reason: standing === 'warning_pending' ? 'warning_pending' : 'not_taken',
  });
}

// Admin ------------------------------------------------------------------------------------------

/** GET /api/admin/users/:id/appropriateness: every assessment with the questions as answered. */
export async function userAppropriatenessForAdmin(
  ctx: AppContext,
  userId: string,
): Promise<AdminUserAppropriateness> {
  if (!(await userNames(ctx, [userId])).has(userId)) throw refusal('USER_NOT_FOUND');
  return assessmentsWithAnswers(ctx, userId);
}

/** The user's own assessments with their answers, for the download of their data. */
export async function ownAssessments(ctx: AppContext, userId: string): Promise<AdminAssessment[]> {
  return (await assessmentsWithAnswers(ctx, userId)).assessments;
}

async function assessmentsWithAnswers(
  ctx: AppContext,
  userId: string,
): Promise<AdminUserAppropriateness> {
  const rows = await repo.assessmentsOf(ctx.db, userId);
  const versions = new Map<number, QuestionnaireContent>();
  for (const version of new Set(rows.map((r) => r.questionnaireVersion))) {
    const found = await repo.questionnaireVersion(ctx.db, version);
    if (found) versions.set(version, found.content);
  }
  return {
    standing: appropriatenessStandingOf(rows[0] ?? null),
    assessments: rows.map((row) => {
      const content = versions.get(row.questionnaireVersion);
      return {
        ...assessmentView(row),
        answers: (content?.questions ?? []).flatMap((question) => {
          const optionId = row.answers[question.id];
          const option = question.options.find((o) => o.id === optionId);
          if (optionId === undefined || !option) return [];
          return [
            {
              questionId: question.id,
              question: question.text,
              optionId,
              answer: option.text,
              points: option.points,
            },
          ];
        }),
      };
    }),
  };
}

function adminQuestionnaireView(row: QuestionnaireRow): AdminQuestionnaire {
  return { version: row.version, content: row.content, createdAt: row.createdAt.toISOString() };
}

export async function adminQuestionnaire(ctx: AppContext): Promise<AdminQuestionnaire> {
  return adminQuestionnaireView(await currentQuestionnaire(ctx));
}

/**
 * A new version of the questionnaire (the schema checked the content: unique ids, 2-6 options,
 * a reachable pass mark). Earlier assessments keep pointing at the version they answered; a user
 * who has one on record need not take the new one.
 */
export async function updateQuestionnaire(
  ctx: AppContext,
  admin: UserRow,
  content: QuestionnaireContent,
  ip: string,
): Promise<AdminQuestionnaire> {
  await currentQuestionnaire(ctx); // version 1 exists before version 2
  const row = await ctx.db.transaction(async (tx) => {
    const stored = await repo.insertNextVersion(tx, content, admin.id, ctx.clock.now());
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'appropriateness.questionnaire_changed',
      targetType: 'appropriateness_questionnaire',
      targetId: String(stored.version),
      ip,
      details: { version: stored.version, questions: content.questions.length },
    });
    return stored;
  });
  return adminQuestionnaireView(row);
}
