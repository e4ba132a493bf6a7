import type {
  AppropriatenessResult,
  QuestionnaireContent,
} from '@app/shared/schemas/appropriateness';

/**
 * The appropriateness score (pure): each question answered with exactly one of its options, the
 * chosen options' points summed; at or above the questionnaire's pass mark the product is found
 * appropriate, below it the user sees a warning to acknowledge before investing.
 */
export type Scored =
  | { ok: true; score: number; maxScore: number; passScore: number; result: AppropriatenessResult }
  | { ok: false; problem: 'missing' | 'unknown'; questionId: string };

/** The highest score the questionnaire allows (every question's best option). */
export function maxScoreOf(content: QuestionnaireContent): number {
  return content.questions.reduce(
    (sum, question) => sum + Math.max(0, ...question.options.map((option) => option.points)),
    0,
  );
}

export function scoreAnswers(
  content: QuestionnaireContent,
  answers: Readonly<Record<string, string>>,
): Scored {
  const known = new Set(content.questions.map((question) => question.id));
  const stray = Object.keys(answers).find((id) => !known.has(id));
  if (stray !== undefined) return { ok: false, problem: 'unknown', questionId: stray };
  let score = 0;
  for (const question of content.questions) {
    const chosen = Object.hasOwn(answers, question.id) ? answers[question.id] : undefined;
    if (chosen === undefined || chosen === '') {
      return { ok: false, problem: 'missing', questionId: question.id };
    }
    const option = question.options.find((candidate) => candidate.id === chosen);
    if (!option) return { ok: false, problem: 'unknown', questionId: question.id };
    score += option.points;
  }
  const { passScore } = content;
  return {
    ok: true,
    score,
    maxScore: maxScoreOf(content),
    passScore,
    result: score >= passScore ? 'appropriate' : 'not_appropriate',
  };
}
