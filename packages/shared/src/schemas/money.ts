import { z } from 'zod';
import { amountTextProblem, parseUsdToCents } from '../money';
import { rule } from '../rules';
import { atMostCharacters, centsSchema, refusalReasonSchema, requiredText } from './common';
import { ADJUSTMENT_BUCKETS } from './kinds';

/** Seed messages (sections 5 and 8), word for word, plus a few of ours where the seed has none. */
export const MONEY_MESSAGES = {
  selectMethod: rule('PAYMENT_METHOD_REQUIRED'),
  enterAmount: rule('AMOUNT_ENTER'),
  validAmount: rule('AMOUNT_INVALID'),
  enterWallet: rule('WALLET_REQUIRED'),
  accountNumberRequired: rule('ACCOUNT_NUMBER_REQUIRED'),
  accountNameRequired: rule('ACCOUNT_NAME_REQUIRED'),
  bankNameRequired: rule('BANK_NAME_REQUIRED'),
  swiftCodeRequired: rule('SWIFT_CODE_REQUIRED'),
  routingNumberRequired: rule('ROUTING_NUMBER_REQUIRED'),
  amountRequired: rule('AMOUNT_REQUIRED'),
  amountMax: rule('AMOUNT_BELOW_MILLION'),
  insufficientBalance: rule('BALANCE_INSUFFICIENT'),
  enterAmountFirst: rule('AMOUNT_FIRST'),
  reasonRequired: rule('REASON_REQUIRED'),
  depositMax: rule('AMOUNT_AT_MOST_TEN_MILLION'),
  amountPositive: rule('AMOUNT_POSITIVE'),
  notANumber: rule('AMOUNT_NOT_A_NUMBER'),
  withdrawalMin: rule('WITHDRAWAL_AT_LEAST_ONE_DOLLAR'),
  onlyBalanceNegative: rule('ONLY_BALANCE_NEGATIVE'),
} as const;

/** Withdrawal bounds (seed section 9): $1 to $1,000,000. */
export const WITHDRAWAL_MIN_CENTS = 100;
export const WITHDRAWAL_MAX_CENTS = 100_000_000;
/** Deposits have no bound in the seed; anything above $10,000,000 is treated as a typing error. */
export const DEPOSIT_MAX_CENTS = 1_000_000_000;
/** Admin adjustments: at most $10,000,000 either way. */
export const ADJUSTMENT_MAX_CENTS = 1_000_000_000;

interface AmountRules {
  /** Nothing typed (the seed's message for its form). */
  required: string;
  /** More than 2 decimals, or a value that is neither text nor a number. */
  invalid: string;
  tooSmall: string;
  tooLarge: string;
  minCents: number;
  maxCents: number;
  /** Allows a leading minus sign (admin balance adjustments). */
  signed?: boolean;
}

/**
 * An amount typed by a person (text, or a plain JSON number) → integer cents, exactly, with
 * `parseUsdToCents`. Each problem has its own message for the `amount` field: missing
 * (`required`), not a number ('Amount must be a number'), negative ('Amount must be greater than
 * $0.00'), more than 2 decimals (`invalid`), below the minimum (`tooSmall`), above the maximum or
 * absurdly long (`tooLarge`).
 */
export function amountInCents(rules: AmountRules) {
  return z
    .union([z.string().max(40, rules.invalid), z.number()], { error: rules.invalid })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
        ctx.addIssue({ code: 'custom', message: rules.required });
        return z.NEVER;
      }
      let negative = false;
      let text: string | number = value;
      if (rules.signed) {
        if (typeof value === 'number' && value < 0) {
          negative = true;
          text = -value;
        } else if (typeof value === 'string' && value.trim().startsWith('-')) {
          negative = true;
          text = value.trim().slice(1);
        }
      }
      const cents = parseUsdToCents(text);
      if (cents === null) {
        const problem = amountTextProblem(text);
        const message =
          problem === 'negative'
            ? MONEY_MESSAGES.amountPositive
            : problem === 'too_large'
              ? rules.tooLarge
              : problem === 'too_many_decimals'
                ? rules.invalid
                : MONEY_MESSAGES.notANumber;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (cents < rules.minCents) {
        ctx.addIssue({ code: 'custom', message: rules.tooSmall });
        return z.NEVER;
      }
      if (cents > rules.maxCents) {
        ctx.addIssue({ code: 'custom', message: rules.tooLarge });
        return z.NEVER;
      }
      return negative ? -cents : cents;
    });
}

const methodIdSchema = z
  .string({ error: MONEY_MESSAGES.selectMethod })
  .trim()
  .min(1, MONEY_MESSAGES.selectMethod)
  .pipe(z.uuid({ error: MONEY_MESSAGES.selectMethod }));

// Deposits ------------------------------------------------------------------------------------

export const createDepositSchema = z.object({
  methodId: methodIdSchema,
  amount: amountInCents({
    required: MONEY_MESSAGES.enterAmount,
    invalid: MONEY_MESSAGES.validAmount,
    tooSmall: MONEY_MESSAGES.amountPositive,
    tooLarge: MONEY_MESSAGES.depositMax,
    minCents: 1,
    maxCents: DEPOSIT_MAX_CENTS,
  }),
  /** Transaction hash or bank reference, shown to the admin who approves. */
  reference: z.string().trim().max(200, atMostCharacters(200)).optional(),
});
export type CreateDepositInput = z.input<typeof createDepositSchema>;

// Withdrawals ---------------------------------------------------------------------------------

/**
 * The seed's bank form says 'Amount is required' for an empty amount; for what it also lumped
 * under it (not a number, negative, below $1) each problem now has its own message.
 */
const bankAmount = amountInCents({
  required: MONEY_MESSAGES.amountRequired,
  invalid: MONEY_MESSAGES.validAmount,
  tooSmall: MONEY_MESSAGES.withdrawalMin,
  tooLarge: MONEY_MESSAGES.amountMax,
  minCents: WITHDRAWAL_MIN_CENTS,
  maxCents: WITHDRAWAL_MAX_CENTS,
});

const cryptoAmount = amountInCents({
  required: MONEY_MESSAGES.enterAmount,
  invalid: MONEY_MESSAGES.validAmount,
  tooSmall: MONEY_MESSAGES.withdrawalMin,
  tooLarge: MONEY_MESSAGES.amountMax,
  minCents: WITHDRAWAL_MIN_CENTS,
  maxCents: WITHDRAWAL_MAX_CENTS,
});

export const bankWithdrawalSchema = z.object({
  method: z.literal('bank'),
  accountNumber: requiredText(MONEY_MESSAGES.accountNumberRequired, 64),
  accountName: requiredText(MONEY_MESSAGES.accountNameRequired, 120),
  bankName: requiredText(MONEY_MESSAGES.bankNameRequired, 120),
  swiftCode: requiredText(MONEY_MESSAGES.swiftCodeRequired, 32),
  routingNumber: requiredText(MONEY_MESSAGES.routingNumberRequired, 32),
  amount: bankAmount,
});

export const cryptoWithdrawalSchema = z.object({
  method: z.literal('crypto'),
  methodId: methodIdSchema,
  amount: cryptoAmount,
  walletAddress: requiredText(MONEY_MESSAGES.enterWallet, 200),
});

export const createWithdrawalSchema = z.discriminatedUnion(
  'method',
  [bankWithdrawalSchema, cryptoWithdrawalSchema],
  { error: rule('WITHDRAWAL_CHANNEL_REQUIRED') },
);
export type CreateWithdrawalInput = z.input<typeof createWithdrawalSchema>;
export type CreateWithdrawal = z.output<typeof createWithdrawalSchema>;

/**
 * GET /api/withdrawals/quote?amount=&methodId=: the crypto method's fee, or without methodId the
 * bank transfer's (the operator's active bank method).
 */
export const withdrawalQuoteQuerySchema = z.object({
  amount: cryptoAmount,
  methodId: z.uuid({ error: MONEY_MESSAGES.selectMethod }).optional(),
});

/** "Fee $X · You will receive $Y": cents, and the method's terms (percentage as exact text). */
export const withdrawalQuoteSchema = z.object({
  amountCents: centsSchema,
  feeCents: centsSchema,
  netCents: centsSchema,
  feePct: z.string(),
  feeFixedCents: centsSchema,
});
export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

/** One payout method's withdrawal fee, for the public schedule. */
export const methodFeeSchema = z.object({
  methodId: z.string(),
  kind: z.enum(['crypto', 'bank']),
  /** "Bitcoin (BTC)", "Bank Transfer". */
  label: z.string(),
  feePct: z.string(),
  feeFixedCents: centsSchema,
});
export type MethodFee = z.infer<typeof methodFeeSchema>;

/** The operator's withdrawal fees, per active payout method (GET /api/settings/fees). */
export const feeScheduleSchema = z.object({
  methods: z.array(methodFeeSchema),
  /** How the percentage is rounded, for the fee page. */
  rounding: z.literal('down_to_cent'),
});
export type FeeSchedule = z.infer<typeof feeScheduleSchema>;

// Admin decisions -----------------------------------------------------------------------------

export const rejectSchema = z.object({ reason: refusalReasonSchema });

export { ADJUSTMENT_BUCKETS, type AdjustmentBucket } from './kinds';

export const adjustmentSchema = z.object({
  bucket: z.enum(ADJUSTMENT_BUCKETS, { error: rule('BUCKET_REQUIRED') }),
  /** Cents; negative only for the balance bucket. */
  amount: amountInCents({
    required: MONEY_MESSAGES.enterAmountFirst,
    invalid: MONEY_MESSAGES.validAmount,
    tooSmall: MONEY_MESSAGES.enterAmountFirst,
    tooLarge: MONEY_MESSAGES.depositMax,
    minCents: 1,
    maxCents: ADJUSTMENT_MAX_CENTS,
    signed: true,
  }),
  reason: refusalReasonSchema,
});
export type AdjustmentInput = z.input<typeof adjustmentSchema>;
