import { z } from 'zod';
import { rule } from '../rules';
import { idParamsSchema, requiredText } from './common';

/**
 * Account review with evidence (issue 21): the user's personal details, an identity document and a
 * proof of address, reviewed by an admin who approves (the account is activated) or rejects with a
 * reason the user acts on.
 */
export const IDENTITY_DOCUMENT_TYPES = ['passport', 'id_card', 'driving_licence'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

/** The files a submission holds; each is uploaded as the multipart field of the same name. */
export const DOCUMENT_KINDS = ['identityFront', 'identityBack', 'proofOfAddress'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A passport has one page to show; an ID card and a driving licence a front and a back. */
export function documentsNeeded(type: IdentityDocumentType): DocumentKind[] {
  return type === 'passport'
    ? ['identityFront', 'proofOfAddress']
    : ['identityFront', 'identityBack', 'proofOfAddress'];
}

/** The stored states. "not_started" is a user with no row. */
export const VERIFICATION_STATUSES = ['draft', 'submitted', 'rejected', 'approved'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Where the user stands, as the dashboard and the profile say it. */
export const VERIFICATION_STANDINGS = [
  'not_started',
  'submitted',
  'needs_action',
  'approved',
] as const;
export type VerificationStanding = (typeof VERIFICATION_STANDINGS)[number];

export function standingOf(status: VerificationStatus | null): VerificationStanding {
  switch (status) {
    case 'submitted':
      return 'submitted';
    case 'rejected':
      return 'needs_action';
    case 'approved':
      return 'approved';
    default:
      return 'not_started';
  }
}

/** Largest file accepted, per document. */
export const DOCUMENT_MAX_MEGABYTES = 8;
export const DOCUMENT_MAX_BYTES = DOCUMENT_MAX_MEGABYTES * 1024 * 1024;
/** What the file picker offers (the server checks the bytes, whatever the name says). */
export const DOCUMENT_ACCEPT = 'image/*,application/pdf';

export const LEGAL_NAME_MAX = 120;
export const ADDRESS_MAX = 300;
export const NATIONALITY_MAX = 60;
export const REVIEW_REASON_MAX = 500;

/** YYYY-MM-DD that is a real calendar day. */
const isoDay = z
  .string({ error: rule('DATE_OF_BIRTH_REQUIRED') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, rule('DATE_OF_BIRTH_REQUIRED'))
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, rule('DATE_OF_BIRTH_REQUIRED'));

/** Whole years between a birth day and `today` (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Why a birth date is refused on `today`, or null: not in the future, 18 or older. */
export function dateOfBirthProblem(
  dateOfBirth: string,
  today: string,
): 'DATE_OF_BIRTH_IN_FUTURE' | 'DATE_OF_BIRTH_UNDER_18' | null {
  if (dateOfBirth > today) return 'DATE_OF_BIRTH_IN_FUTURE';
  if (ageOn(dateOfBirth, today) < 18) return 'DATE_OF_BIRTH_UNDER_18';
  return null;
}

/** POST /api/verification/submit: the personal details, sent with the submission. */
export const verificationDetailsSchema = z.strictObject({
  legalName: requiredText(rule('LEGAL_NAME_REQUIRED'), LEGAL_NAME_MAX),
  dateOfBirth: isoDay,
  address: requiredText(rule('ADDRESS_REQUIRED'), ADDRESS_MAX),
  nationality: requiredText(rule('NATIONALITY_REQUIRED'), NATIONALITY_MAX),
  documentType: z.enum(IDENTITY_DOCUMENT_TYPES, { error: rule('DOCUMENT_TYPE_REQUIRED') }),
});
export type VerificationDetails = z.infer<typeof verificationDetailsSchema>;

export const verificationDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  mediaType: z.enum(['image/jpeg', 'application/pdf']),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
  /** When the file was deleted, the operator's retention period after the account closed having
   * passed (the row stays for the record); null while the file is kept. */
  deletedAt: z.string().nullable(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

/** A submission and its review, as its owner and the reviewer read it. */
const submissionFields = {
  details: verificationDetailsSchema.nullable(),
  documents: z.array(verificationDocumentSchema),
  /** The reviewer's reason when the submission needs action. */
  reason: z.string().nullable(),
  /** The document the reviewer asks to be uploaded again, if one. */
  requestedDocument: z.enum(DOCUMENT_KINDS).nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
};

/** GET /api/verification: the caller's own review, documents and what to do next. */
export const myVerificationSchema = z.object({
  /**
   * Whether the operator requires an approved verification before an account is activated
   * (`verificationRequired`, off by default): when off, verifying is optional.
   */
  required: z.boolean(),
  standing: z.enum(VERIFICATION_STANDINGS),
  status: z.enum(VERIFICATION_STATUSES).nullable(),
  ...submissionFields,
});
export type MyVerification = z.infer<typeof myVerificationSchema>;

export const documentIdParamsSchema = idParamsSchema(rule('DOCUMENT_ID_INVALID'));

// The admin's review ----------------------------------------------------------------------------

export const verificationQuerySchema = z.object({
  status: z.enum(['submitted', 'rejected', 'approved']).default('submitted'),
});

export const verificationIdParamsSchema = idParamsSchema(rule('VERIFICATION_ID_INVALID'));

export const adminVerificationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userActive: z.boolean(),
  status: z.enum(VERIFICATION_STATUSES),
  ...submissionFields,
});
export type AdminVerification = z.infer<typeof adminVerificationSchema>;

export const adminVerificationListSchema = z.object({
  verifications: z.array(adminVerificationSchema),
});

export const rejectVerificationSchema = z.strictObject({
  reason: requiredText(rule('REASON_REQUIRED'), REVIEW_REASON_MAX),
  /** The document to upload again, when the problem is one file. */
  document: z.enum(DOCUMENT_KINDS).optional(),
});
export type RejectVerificationInput = z.infer<typeof rejectVerificationSchema>;

export const verificationSettingSchema = z.strictObject({ verificationRequired: z.boolean() });
export type VerificationSetting = z.infer<typeof verificationSettingSchema>;
