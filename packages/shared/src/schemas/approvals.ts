import { z } from 'zod';
import { centsSchema } from './common';
import { ADJUSTMENT_BUCKETS, amountInCents, MONEY_MESSAGES } from './money';
import { transactionSchema } from './transactions';
import { rule } from '../rules';

/**
 * Four-eyes (maker-checker) approvals: an adjustment, a withdrawal payout or a deposit approval
 * above the operator's threshold, a change of a setting that widens what one admin can do (or
 * takes more from users), and making someone an admin are only requested by one admin and carried
 * out when a different admin approves.
 */
export const APPROVAL_KINDS = [
  'adjustment',
  'withdrawal_payout',
  'deposit_approval',
  'setting_change',
  'admin_grant',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** The settings a change of which may wait for a second admin (setting_change approvals). */
export const DUAL_CONTROL_SETTINGS = [
  'four_eyes_threshold_cents',
  /**
   * The one global withdrawal fee before migration 0051: kept for approvals asked before it (one
   * still waiting sets the percentage of every active method). A fee is now a payment method's.
   */
  'withdrawal_fee_pct',
  'verification_required',
  'appropriateness_required',
  'verification_document_retention_days',
  'trader_fee_bounds',
  /** Where money goes: a new payment method, or its address or bank details (from/to: details). */
  'payment_method',
  /** Who can sign in as whom: a new sign-in provider, or another issuer or client for one. */
  'sign_in_provider',
] as const;
export type DualControlSetting = (typeof DUAL_CONTROL_SETTINGS)[number];

/** A setting change: the value in force when it was asked for and the one asked for (JSON text). */
const settingChangeSchema = z.object({
  setting: z.enum(DUAL_CONTROL_SETTINGS),
  from: z.string(),
  to: z.string(),
});
export type SettingChange = z.infer<typeof settingChangeSchema>;

export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  /**
   * Cents; an adjustment may be negative (a balance debit); a payout or deposit approval is the
   * transaction's amount; 0 for a setting change or an admin grant.
   */
  amountCents: centsSchema,
  /** Adjustments only. */
  bucket: z.enum(ADJUSTMENT_BUCKETS).nullable(),
  /** The adjustment's reason (adjustments only). */
  reason: z.string().nullable(),
  /** Whose money it is (an admin grant: who is to be made admin); null for a setting change. */
  user: personSchema.nullable(),
  /** The withdrawal or deposit waiting, or the adjustment booked on approval. */
  transactionId: z.string().nullable(),
  /** setting_change only: which setting, from what, to what. */
  change: settingChangeSchema.nullable(),
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
