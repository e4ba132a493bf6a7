import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  APPROPRIATENESS_RESULTS,
  type QuestionnaireContent,
} from '@app/shared/schemas/appropriateness';
import { timestamptz, uuidV7Key } from '../../db/columns';

/** Typed mirror of migrations/0039_appropriateness_and_retention.sql (the SQL is the source of truth). */
export const appropriatenessQuestionnaires = pgTable('appropriateness_questionnaires', {
  version: integer('version').primaryKey(),
  content: jsonb('content').$type<QuestionnaireContent>().notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamptz('created_at').notNull(),
});
export type QuestionnaireRow = typeof appropriatenessQuestionnaires.$inferSelect;

export const appropriatenessAssessments = pgTable('appropriateness_assessments', {
  id: uuidV7Key(),
  userId: uuid('user_id').notNull(),
  questionnaireVersion: integer('questionnaire_version').notNull(),
  /** Question id → the option id chosen. */
  answers: jsonb('answers').$type<Record<string, string>>().notNull(),
  score: integer('score').notNull(),
  maxScore: integer('max_score').notNull(),
  passScore: integer('pass_score').notNull(),
  result: text('result', { enum: APPROPRIATENESS_RESULTS }).notNull(),
  acknowledgedAt: timestamptz('acknowledged_at'),
  createdAt: timestamptz('created_at').notNull(),
});
export type AssessmentRow = typeof appropriatenessAssessments.$inferSelect;
