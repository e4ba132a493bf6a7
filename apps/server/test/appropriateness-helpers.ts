import { sql } from 'drizzle-orm';
import type { AppContext } from '../src/context';
import { insertAssessment } from '../src/modules/appropriateness/appropriateness.repo';
import { currentQuestionnaire } from '../src/modules/appropriateness/appropriateness.service';
import { maxScoreOf } from '../src/modules/appropriateness/domain/scoring';

/** The current questionnaire answered with each question's best option, and its top score. */
async function bestAnswers(ctx: AppContext) {
  const questionnaire = await currentQuestionnaire(ctx);
  const answers = Object.fromEntries(
    questionnaire.content.questions.map((question) => {
      const best = question.options.reduce((a, b) => (b.points > a.points ? b : a));
      return [question.id, best.id];
    }),
  );
  return { questionnaire, answers, maxScore: maxScoreOf(questionnaire.content) };
}

/**
 * Records an "appropriate" assessment for the user straight in the database (no audit entry, no
 * realtime event), as test setup for the many tests that invest right after activation: the
 * check itself is proven in appropriateness.test.ts.
 */
export async function passAppropriateness(ctx: AppContext, userId: string): Promise<void> {
  const { questionnaire, answers, maxScore } = await bestAnswers(ctx);
  await insertAssessment(ctx.db, {
    userId,
    questionnaireVersion: questionnaire.version,
    answers,
    score: maxScore,
    maxScore,
    passScore: questionnaire.content.passScore,
    result: 'appropriate',
    createdAt: ctx.clock.now(),
  });
}

/** The same for many users at once (the bulk investors of the load tests), in one statement. */
export async function passAppropriatenessAll(ctx: AppContext, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const { questionnaire, answers, maxScore } = await bestAnswers(ctx);
  await ctx.db.execute(sql`
    INSERT INTO appropriateness_assessments
      (user_id, questionnaire_version, answers, score, max_score, pass_score, result, created_at)
    SELECT u, ${questionnaire.version}, ${JSON.stringify(answers)}::jsonb, ${maxScore},
      ${maxScore}, ${questionnaire.content.passScore}, 'appropriate', ${ctx.clock.now().toISOString()}::timestamptz
    FROM unnest(${sql.raw(`ARRAY[${userIds.map((id) => `'${id.replace(/[^0-9a-f-]/g, '')}'`).join(',')}]`)}::uuid[]) AS u`);
}
