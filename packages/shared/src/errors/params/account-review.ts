import { z } from 'zod';
import { none } from './shapes';

/** Account review with evidence (issue 21). */
export const VERIFICATION_ERROR_PARAMS = {
  /** The file is not a JPEG, PNG or PDF by its content, or its name says another type. */
  VERIFICATION_FILE_TYPE: none,
  VERIFICATION_FILE_TOO_LARGE: z.object({ maxMegabytes: z.number() }),
  VERIFICATION_FILE_REQUIRED: none,
  /** The multipart field is not one of the documents a submission holds. */
  VERIFICATION_DOCUMENT_KIND: none,
  /** Submitting without a document the identity document type needs (the field names it). */
  VERIFICATION_DOCUMENT_MISSING: none,
  /** Submitted (waiting for review) or approved: nothing to change. */
  VERIFICATION_LOCKED: none,
  VERIFICATION_NOT_FOUND: none,
  VERIFICATION_ALREADY_DECIDED: none,
  VERIFICATION_DOCUMENT_NOT_FOUND: none,
  DATE_OF_BIRTH_IN_FUTURE: none,
  DATE_OF_BIRTH_UNDER_18: none,
  /** The operator requires an approved verification before an account is activated. */
  VERIFICATION_REQUIRED: none,
  /** A document image over the pixel ceiling. */
  VERIFICATION_FILE_DIMENSIONS_TOO_LARGE: z.object({ maxMegapixels: z.number() }),
  /** A JPEG or PNG document whose pixels do not decode (damaged, cut short). */
  VERIFICATION_FILE_UNREADABLE: none,
} as const;

/** The appropriateness check before a copy trade (issue 21). */
export const APPROPRIATENESS_ERROR_PARAMS = {
  /**
   * A new copy trade needs the appropriateness check on record (not_taken), and, when it found the
   * product may not be appropriate, the warning acknowledged (warning_pending).
   */
  APPROPRIATENESS_REQUIRED: z.object({ reason: z.enum(['not_taken', 'warning_pending']) }),
  /** The answers were given to an older version of the questionnaire (reload and answer again). */
  APPROPRIATENESS_QUESTIONNAIRE_CHANGED: none,
  /** A question without an answer (the field names it: answers.<questionId>). */
  APPROPRIATENESS_ANSWER_MISSING: none,
  /** An answer that is not one of the question's options, or a question that does not exist. */
  APPROPRIATENESS_ANSWER_UNKNOWN: none,
} as const;
