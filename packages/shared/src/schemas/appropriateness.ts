import { z } from 'zod';
import { rule } from '../rules';
import { wholeNumber } from './common';

/**
 * The appropriateness check before the first copy trade (issue 21, ESMA's appropriateness test for
 * non-advised services): a short questionnaire on knowledge and experience of copy trading and
 * crypto assets. Questions, options, points and the pass mark are operator content stored in the
 * database, versioned, so a kept answer always refers to the questions it answered.
 */

export const APPROPRIATENESS_RESULTS = ['appropriate', 'not_appropriate'] as const;
export type AppropriatenessResult = (typeof APPROPRIATENESS_RESULTS)[number];

/**
 * Where the user stands: no assessment yet; the product looks appropriate; the warning is shown
 * and waits for the user's acknowledgement; the warning was acknowledged.
 */
export const APPROPRIATENESS_STANDINGS = [
  'not_taken',
  'appropriate',
  'warning_pending',
  'warning_acknowledged',
] as const;
export type AppropriatenessStanding = (typeof APPROPRIATENESS_STANDINGS)[number];

export function appropriatenessStandingOf(
  assessment: { result: AppropriatenessResult; acknowledgedAt: string | Date | null } | null,
): AppropriatenessStanding {
  if (!assessment) return 'not_taken';
  if (assessment.result === 'appropriate') return 'appropriate';
  return assessment.acknowledgedAt ? 'warning_acknowledged' : 'warning_pending';
}

/** Whether a new copy trade may be opened from this standing (when the operator requires it). */
export function mayInvestFrom(standing: AppropriatenessStanding): boolean {
  return standing === 'appropriate' || standing === 'warning_acknowledged';
}

// The operator's content ---------------------------------------------------------------------------

const invalid = (problem: string) => rule('QUESTIONNAIRE_INVALID', { problem });
const text = (max: number) =>
  z
    .string({ error: invalid('a text is missing') })
    .trim()
    .min(1, invalid('a text is empty'))
    .max(max, invalid(`a text is over ${max} characters`));
/** Each text in every language the web speaks. */
export const localizedTextSchema = z.strictObject(
  { en: text(400), es: text(400), de: text(400) },
  { error: invalid('each text needs en, es and de') },
);
export type LocalizedText = z.infer<typeof localizedTextSchema>;

const contentId = z
  .string({ error: invalid('an id is missing') })
  .regex(/^[a-z0-9_]{1,40}$/, invalid('ids are 1-40 characters a-z, 0-9 or _'));

export const QUESTIONNAIRE_MAX_QUESTIONS = 20;
export const QUESTION_MAX_OPTIONS = 6;
export const OPTION_MAX_POINTS = 10;

export const questionnaireContentSchema = z
  .strictObject(
    {
      /** A score at or above this finds the product appropriate. */
      passScore: z
        .number({ error: invalid('passScore must be a whole number') })
        .int(invalid('passScore must be a whole number'))
        .min(0, invalid('passScore must be at least 0')),
      questions: z
        .array(
          z.strictObject(
            {
              id: contentId,
              text: localizedTextSchema,
              options: z
                .array(
                  z.strictObject(
                    {
                      id: contentId,
                      text: localizedTextSchema,
                      points: z
                        .number({ error: invalid('points must be a whole number') })
                        .int(invalid('points must be a whole number'))
                        .min(0, invalid(`points are from 0 to ${OPTION_MAX_POINTS}`))
                        .max(
                          OPTION_MAX_POINTS,
                          invalid(`points are from 0 to ${OPTION_MAX_POINTS}`),
                        ),
                    },
                    { error: invalid('an option has id, text and points') },
                  ),
                )
                .min(2, invalid('each question has 2 to 6 options'))
                .max(QUESTION_MAX_OPTIONS, invalid('each question has 2 to 6 options')),
            },
            { error: invalid('a question has id, text and options') },
          ),
        )
        .min(1, invalid('there is at least one question'))
        .max(QUESTIONNAIRE_MAX_QUESTIONS, invalid('there are at most 20 questions')),
    },
    { error: invalid('the content has passScore and questions') },
  )
  .superRefine((content, ctx) => {
    const ids = content.questions.map((q) => q.id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({
        code: 'custom',
        message: invalid('question ids are unique'),
        path: ['questions'],
      });
    }
    for (const [index, question] of content.questions.entries()) {
      const optionIds = question.options.map((o) => o.id);
      if (new Set(optionIds).size !== optionIds.length) {
        ctx.addIssue({
          code: 'custom',
          message: invalid('option ids are unique within a question'),
          path: ['questions', index, 'options'],
        });
      }
    }
    const best = content.questions.reduce(
      (sum, q) => sum + Math.max(...q.options.map((o) => o.points)),
      0,
    );
    if (content.passScore > best) {
      ctx.addIssue({
        code: 'custom',
        message: invalid('passScore is above the highest possible score'),
        path: ['passScore'],
      });
    }
  });
export type QuestionnaireContent = z.infer<typeof questionnaireContentSchema>;

/** PUT /api/admin/appropriateness/questionnaire: a new version of the content. */
export const updateQuestionnaireSchema = z.strictObject({ content: questionnaireContentSchema });

/** The questionnaire as the user sees it: no points, so the answers are the user's own. */
export const questionnaireViewSchema = z.object({
  version: z.number().int(),
  questions: z.array(
    z.object({
      id: z.string(),
      text: localizedTextSchema,
      options: z.array(z.object({ id: z.string(), text: localizedTextSchema })),
    }),
  ),
});
export type QuestionnaireView = z.infer<typeof questionnaireViewSchema>;

/** GET/PUT /api/admin/appropriateness/questionnaire: the whole content, with its version. */
export const adminQuestionnaireSchema = z.object({
  version: z.number().int(),
  content: questionnaireContentSchema,
  createdAt: z.string(),
});
export type AdminQuestionnaire = z.infer<typeof adminQuestionnaireSchema>;

// The user's answers -----------------------------------------------------------------------------

/** POST /api/appropriateness: one option id per question id, for the version the user was shown. */
export const submitAssessmentSchema = z.strictObject({
  version: wholeNumber(1, 1_000_000),
  answers: z.record(
    z.string().max(40, rule('AT_MOST_CHARACTERS', { max: 40 })),
    z.string().max(40, rule('AT_MOST_CHARACTERS', { max: 40 })),
  ),
});
export type SubmitAssessmentInput = z.infer<typeof submitAssessmentSchema>;

/** POST /api/appropriateness/acknowledge: the explicit tick under the warning. */
export const acknowledgeWarningSchema = z.strictObject({
  acknowledged: z.literal(true, { error: rule('WARNING_ACKNOWLEDGEMENT_REQUIRED') }),
});

export const assessmentSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  result: z.enum(APPROPRIATENESS_RESULTS),
  score: z.number().int(),
  maxScore: z.number().int(),
  passScore: z.number().int(),
  takenAt: z.string(),
  acknowledgedAt: z.string().nullable(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

/** GET /api/appropriateness: where the caller stands, the questions to answer, their last result. */
export const myAppropriatenessSchema = z.object({
  /** Whether the operator requires the check before a new copy trade. */
  required: z.boolean(),
  standing: z.enum(APPROPRIATENESS_STANDINGS),
  questionnaire: questionnaireViewSchema,
  assessment: assessmentSchema.nullable(),
});
export type MyAppropriateness = z.infer<typeof myAppropriatenessSchema>;

// The admin's view of a user ------------------------------------------------------------------------

export const adminAssessmentSchema = assessmentSchema.extend({
  answers: z.array(
    z.object({
      questionId: z.string(),
      question: localizedTextSchema,
      optionId: z.string(),
      answer: localizedTextSchema,
      points: z.number().int(),
    }),
  ),
});
export type AdminAssessment = z.infer<typeof adminAssessmentSchema>;

/** GET /api/admin/users/:id/appropriateness: every assessment the user took, newest first. */
export const adminUserAppropriatenessSchema = z.object({
  standing: z.enum(APPROPRIATENESS_STANDINGS),
  assessments: z.array(adminAssessmentSchema),
});
export type AdminUserAppropriateness = z.infer<typeof adminUserAppropriatenessSchema>;

// The operator's settings -------------------------------------------------------------------------

export const appropriatenessSettingSchema = z.strictObject({
  appropriatenessRequired: z.boolean(),
});
export type AppropriatenessSetting = z.infer<typeof appropriatenessSettingSchema>;

/** Days after an account is closed before its verification files are deleted: 30 days to 10 years. */
export const DOCUMENT_RETENTION_DAYS = { min: 30, max: 3653, default: 1826 } as const;
export const documentRetentionSettingSchema = z.strictObject({
  retentionDays: wholeNumber(DOCUMENT_RETENTION_DAYS.min, DOCUMENT_RETENTION_DAYS.max),
});
export type DocumentRetentionSetting = z.infer<typeof documentRetentionSettingSchema>;
