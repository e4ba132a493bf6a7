import { z } from 'zod';
import { type PlainRuleCode, rule } from '../rules';
import { atMostCharacters, wholeNumber } from './common';

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
] as const;
export const paymentMethodListSchema = z.object({ methods: z.array(paymentMethodSchema) });
export const paymentMethodResponseSchema = z.object({ method: paymentMethodSchema });

const text = (required: PlainRuleCode, max: number) =>
  z
    .string({ error: rule(required) })
    .trim()
    .min(1, rule(required))
    .max(max, atMostCharacters(max));
const optionalText = (max: number) => z.string().trim().max(max, atMostCharacters(max)).optional();

const cryptoMethodSchema = z.object({
  kind: z.literal('crypto'),
  name: text('NAME_REQUIRED', 80),
  network: text('NETWORK_REQUIRED', 40),
  address: text('ADDRESS_REQUIRED', 200),
  sortOrder: wholeNumber(0, 1000).optional(),
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
  bankName: text('BANK_NAME_REQUIRED', 120).optional(),
  accountName: text('ACCOUNT_NAME_REQUIRED', 120).optional(),
  accountNumber: text('ACCOUNT_NUMBER_REQUIRED', 64).optional(),
  swiftCode: optionalText(32),
  referenceInstructions: optionalText(500),
  sortOrder: wholeNumber(0, 1000).optional(),
});
export type UpdatePaymentMethodInput = z.input<typeof updatePaymentMethodSchema>;
