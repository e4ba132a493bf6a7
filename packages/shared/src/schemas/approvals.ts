import { z } from 'zod';
import { ADJUSTMENT_BUCKETS, amountInCents, MONEY_MESSAGES } from './money';
import { transactionSchema } from './transactions';
import { rule } from '../rules';

/**
 * Four-eyes (maker-checker) approvals: an adjustment or a withdrawal payout above the operator's
 * threshold is only requested by one admin and booked when a different admin approves it.
 */
export const APPROVAL_KINDS = ['adjustment', 'withdrawal_payout'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  /** Cents; an adjustment may be negative (a balance debit); a payout is the withdrawal's amount. */
  amountCents: z.number().int(),
  /** Adjustments only. */
  bucket: z.enum(ADJUSTMENT_BUCKETS).nullable(),
  /** The adjustment's reason (adjustments only). */
  reason: z.string().nullable(),
  /** Whose money it is. */
  user: personSchema,
  /** The withdrawal (payouts), or the adjustment booked on approval. */
  transactionId: z.string().nullable(),
  requestedBy: personSchema,
  requestedAt: z.string(),
  decidedBy: personSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** Why a checker rejected it. */
  rejectionReason: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalListQuerySchema = z.object({
  status: z.enum(APPROVAL_STATUSES).default('pending'),
});
export const approvalListSchema = z.object({ items: z.array(approvalSchema) });
export type ApprovalList = z.infer<typeof approvalListSchema>;

/** What an admin action answers when it has to wait for a second admin (HTTP 202). */
export const approvalResponseSchema = z.object({ approval: approvalSchema });
export type ApprovalResponse = z.infer<typeof approvalResponseSchema>;

/** What the checker's approval answers: the approval and the transaction it booked. */
export const approvalDecisionSchema = z.object({
  approval: approvalSchema,
  transaction: transactionSchema.nullable(),
});
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/** The operator setting: adjustments and payouts above it need a second admin; 0 = every one. */
const THRESHOLD_MESSAGE = rule('THRESHOLD_INVALID');
export const fourEyesSettingSchema = z.object({
  thresholdCents: z
    .number({ error: THRESHOLD_MESSAGE })
    .int(THRESHOLD_MESSAGE)
    .min(0, THRESHOLD_MESSAGE),
});
export type FourEyesSetting = z.infer<typeof fourEyesSettingSchema>;

export const FOUR_EYES_MESSAGES = {
  enterThreshold: rule('THRESHOLD_REQUIRED'),
  validThreshold: rule('AMOUNT_INVALID'),
} as const;

export const updateFourEyesSettingSchema = z.object({
  threshold: amountInCents({
    required: FOUR_EYES_MESSAGES.enterThreshold,
    invalid: FOUR_EYES_MESSAGES.validThreshold,
    tooSmall: FOUR_EYES_MESSAGES.enterThreshold,
    tooLarge: MONEY_MESSAGES.depositMax,
    minCents: 0,
    maxCents: 1_000_000_000,
  }),
});
export type UpdateFourEyesSettingInput = z.input<typeof updateFourEyesSettingSchema>;
