import { z } from 'zod';
import { cents, none } from './shapes';

/** Money: deposits, withdrawals, payment methods, adjustments and their four-eyes decisions. */
export const MONEY_ERROR_PARAMS = {
  /** A new account, not yet activated, tried to move money in. */
  ACCOUNT_NOT_ACTIVE: none,
  /** A deactivated account tried to deposit or open a trade. */
  ACCOUNT_DEACTIVATED: none,
  INSUFFICIENT_BALANCE: z.object({ availableCents: cents }),
  /** The amount does not cover the method's withdrawal fee (field amount). */
  WITHDRAWAL_BELOW_FEE: z.object({ feeCents: cents }),
  PAYMENT_METHOD_REQUIRED: none,
  PAYMENT_METHOD_NOT_FOUND: none,
  /** An update named a field the method's kind does not have (a bank name on a crypto method). */
  PAYMENT_METHOD_FIELD_NOT_APPLICABLE: z.object({
    kind: z.enum(['crypto', 'bank']),
    field: z.string(),
  }),
  /** Only the balance bucket of an account can be adjusted downwards. */
  NEGATIVE_ADJUSTMENT_NOT_BALANCE: none,
  TRANSACTION_NOT_FOUND: none,
  NOTIFICATION_NOT_FOUND: none,
  /** The deposit, withdrawal or four-eyes approval an admin decides on does not exist. */
  DEPOSIT_NOT_FOUND: none,
  WITHDRAWAL_NOT_FOUND: none,
  APPROVAL_NOT_FOUND: none,
  /** It was decided before, with this outcome. */
  DEPOSIT_ALREADY_DECIDED: z.object({ outcome: z.enum(['approved', 'rejected']) }),
  WITHDRAWAL_ALREADY_DECIDED: z.object({ outcome: z.enum(['paid', 'rejected']) }),
  APPROVAL_ALREADY_DECIDED: z.object({ outcome: z.enum(['approved', 'rejected']) }),
  /** An admin tried to decide on their own money (own deposit, withdrawal, adjustment...). */
  SELF_DECISION_FORBIDDEN: none,
  /** The admin who asked for a four-eyes approval tried to give it too. */
  SECOND_ADMIN_REQUIRED: none,
  /** A withdrawal is waiting for a second admin's approval of its payout. */
  APPROVAL_PENDING: none,
  /** A money decision (payout, deposit approval, adjustment) for a deleted (anonymised) account. */
  ACCOUNT_DELETED: none,
} as const;
