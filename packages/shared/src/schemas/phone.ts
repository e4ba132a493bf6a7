import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js';
import { z } from 'zod';
import { rule } from '../rules';

/**
 * What is wrong with a phone number, one sentence per problem (the web translates each). The
 * first is the seed's, word for word.
 */
export const PHONE_MESSAGES = {
  required: rule('PHONE_REQUIRED'),
  letters: rule('PHONE_LETTERS'),
  characters: rule('PHONE_CHARACTERS'),
  countryCode: rule('PHONE_COUNTRY_CODE'),
  unknownCountry: rule('PHONE_UNKNOWN_COUNTRY'),
  tooShort: rule('PHONE_TOO_SHORT'),
  tooLong: rule('PHONE_TOO_LONG'),
  invalid: rule('PHONE_INVALID'),
} as const;

const LETTER = /\p{L}/u;
const ALLOWED = /^\+?[\d\s().-]+$/;

/** The problem with a typed phone number, or null when it is a valid international number. */
export function phoneProblem(text: string): string | null {
  const value = text.trim();
  if (value === '') return PHONE_MESSAGES.required;
  if (LETTER.test(value)) return PHONE_MESSAGES.letters;
  if (!ALLOWED.test(value)) return PHONE_MESSAGES.characters;
  if (!value.startsWith('+')) return PHONE_MESSAGES.countryCode;
  switch (validatePhoneNumberLength(value)) {
    case 'INVALID_COUNTRY':
      return PHONE_MESSAGES.unknownCountry;
    case 'TOO_SHORT':
      return PHONE_MESSAGES.tooShort;
    case 'TOO_LONG':
      return PHONE_MESSAGES.tooLong;
    case 'NOT_A_NUMBER':
    case 'INVALID_LENGTH':
      return PHONE_MESSAGES.invalid;
    default:
      return parsePhoneNumberFromString(value)?.isValid() ? null : PHONE_MESSAGES.invalid;
  }
}

/**
 * A phone number typed in international form ("+49 30 1234567"), checked with libphonenumber-js
 * and stored as E.164 ("+49301234567"). Used by sign-up, the profile and the admin's user edit,
 * on the server and in the web forms alike.
 */
export const phoneSchema = z
  .string({ error: PHONE_MESSAGES.required })
  .max(40, PHONE_MESSAGES.tooLong)
  .superRefine((text, ctx) => {
    const problem = phoneProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((text) => parsePhoneNumberFromString(text.trim())?.number ?? text.trim());

/** A stored number for reading ("+49 30 1234567"); text that does not parse is shown as it is. */
export function formatPhone(stored: string): string {
  return parsePhoneNumberFromString(stored)?.formatInternational() ?? stored;
}
