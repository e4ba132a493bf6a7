import { z } from 'zod';
import { type PlainRuleCode, rule } from '../rules';
import { parseUsdToCents } from '../money';
import { WITHDRAWAL_FEE_FIXED_MAX_CENTS } from '../withdrawal-fee';
import { atMostCharacters, centsSchema, requiredText, wholeNumber } from './common';

/** Where a user sends a deposit: a crypto address or a bank account. */
export const paymentMethodSchema = z.object({
  id: z.string(),
  kind: z.enum(['crypto', 'bank']),
  name: z.string(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  swiftCode: z.string().nullable(),
  referenceInstructions: z.string().nullable(),
  /**
   * Placeholder details from a fresh install's seed (not a real address or account): every
   * screen that shows the method says not to send real money. An admin's edit of the details
   * clears it.
   */
  isDemo: z.boolean(),
  sortOrder: z.number().int(),
  retiredAt: z.string().nullable(),
  /**
   * The operator's withdrawal fee for payouts by this method (PRODUCT.md section 3): a percentage
   * of the amount ("0" to "99.99") and a flat fee in cents, both 0 by default.
   */
  withdrawalFeePct: z.string(),
  withdrawalFeeFixedCents: centsSchema,
  /**
   * The crypto rail a crypto method pays out on (issue 41): a configured network's key and a
   * token symbol of it, both or neither. A withdrawal by such a method goes to an address checked
   * for that network and is paid only with a transaction hash the server verified on the chain.
   */
  railNetwork: z.string().nullable(),
  railToken: z.string().nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * The details that say where money goes: a change of any of them replaces a demo method's
 * placeholders and waits for a second admin; a new name, note or order does neither.
 */
export const PAYMENT_DETAIL_FIELDS = [
  'network',
  'address',
  'bankName',
  'accountName',
  'accountNumber',
  'swiftCode',
  'railNetwork',
  'railToken',
] as const;
/**
 * The note a fresh install's demo bank method carries (payment-methods.seed): product text, not
 * the operator's, so the web words it in the reader's language while it is unchanged.
 */
export const DEMO_BANK_NOTE = 'Demo account: replace with the operator’s real bank details.';

export const paymentMethodListSchema = z.object({ methods: z.array(paymentMethodSchema) });
export const paymentMethodResponseSchema = z.object({ method: paymentMethodSchema });

const text = (required: PlainRuleCode, max: number) => requiredText(rule(required), max);
const optionalText = (max: number) => z.string().trim().max(max, atMostCharacters(max)).optional();

/** A withdrawal fee percentage, "0" to "99.99" with at most 2 decimals. */
export const withdrawalFeePctText = z
  .string({ error: rule('PERCENTAGE_REQUIRED') })
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, rule('PERCENTAGE_INVALID'));

/** A flat withdrawal fee typed in dollars ("2.50") → cents, $0.00 to $1,000.00. */
export const withdrawalFeeFixedText = z
  .union([z.string().max(40, rule('FLAT_FEE_INVALID')), z.number()], {
    error: rule('FLAT_FEE_INVALID'),
  })
  .transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : value;
    const cents = text === '' ? 0 : parseUsdToCents(text);
    if (cents === null || cents < 0 || cents > WITHDRAWAL_FEE_FIXED_MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: rule('FLAT_FEE_INVALID') });
      return z.NEVER;
    }
    return cents;
  });

/** The fee terms a method is created or edited with (each optional: 0 when a new one omits it). */
const feeTerms = {
  withdrawalFeePct: withdrawalFeePctText.optional(),
  /** Dollars as typed; the server stores cents. */
  withdrawalFeeFixed: withdrawalFeeFixedText.optional(),
};

/**
 * The payment method's fields a change of which waits for a second admin when it takes more
 * from investors (a higher percentage or flat fee); a lower or equal fee applies at once.
 */
export const WITHDRAWAL_FEE_FIELDS = ['withdrawalFeePct', 'withdrawalFeeFixed'] as const;

/** A rail's network key and token symbol as typed ('' or absent: none; the server checks them). */
const railFields = {
  railNetwork: optionalText(32),
  railToken: optionalText(16),
};

const cryptoMethodSchema = z.object({
  kind: z.literal('crypto'),
  name: text('NAME_REQUIRED', 80),
  network: text('NETWORK_REQUIRED', 40),
  address: text('ADDRESS_REQUIRED', 200),
  ...railFields,
  sortOrder: wholeNumber(0, 1000).optional(),
  ...feeTerms,
});
const bankMethodSchema = z.object({
  kind: z.literal('bank'),
  name: text('NAME_REQUIRED', 80),
  bankName: text('BANK_NAME_REQUIRED', 120),
  accountName: text('ACCOUNT_NAME_REQUIRED', 120),
  accountNumber: text('ACCOUNT_NUMBER_REQUIRED', 64),
  swiftCode: optionalText(32),
  referenceInstructions: optionalText(500),
  sortOrder: wholeNumber(0, 1000).optional(),
  ...feeTerms,
});

export const createPaymentMethodSchema = z.discriminatedUnion(
  'kind',
  [cryptoMethodSchema, bankMethodSchema],
  { error: rule('METHOD_KIND_REQUIRED') },
);
export type CreatePaymentMethodInput = z.input<typeof createPaymentMethodSchema>;

/** Any subset of the fields of its kind (the kind itself cannot change). */
export const updatePaymentMethodSchema = z.object({
  name: text('NAME_REQUIRED', 80).optional(),
  network: text('NETWORK_REQUIRED', 40).optional(),
  address: text('ADDRESS_REQUIRED', 200).optional(),
  ...railFields,
  bankName: text('BANK_NAME_REQUIRED', 120).optional(),
  accountName: text('ACCOUNT_NAME_REQUIRED', 120).optional(),
  accountNumber: text('ACCOUNT_NUMBER_REQUIRED', 64).optional(),
  swiftCode: optionalText(32),
  referenceInstructions: optionalText(500),
  sortOrder: wholeNumber(0, 1000).optional(),
  ...feeTerms,
});
export type UpdatePaymentMethodInput = z.input<typeof updatePaymentMethodSchema>;
export type UpdatePaymentMethod = z.output<typeof updatePaymentMethodSchema>;
export type CreatePaymentMethod = z.output<typeof createPaymentMethodSchema>;
