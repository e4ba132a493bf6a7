import { englishMessage } from '../rules';
import { describe, expect, it } from 'vitest';
import { formatPhone, PHONE_MESSAGES, phoneSchema } from './phone';

const problem = (text: string) =>
  englishMessage(phoneSchema.safeParse(text).error?.issues[0]?.message ?? '');

describe('phoneSchema', () => {
  it('stores a valid international number as E.164', () => {
    expect(phoneSchema.parse(' +49 30 1234567 ')).toBe('+49301234567');
    expect(phoneSchema.parse('+44 (20) 7946-0958')).toBe('+442079460958');
    expect(phoneSchema.parse('+1 202 555 0143')).toBe('+12025550143');
  });

  it('names the problem: empty, letters, other characters, no country code', () => {
    expect(problem('  ')).toBe('Phone number is required');
    expect(problem('+49 30 CALL-NOW')).toBe(englishMessage(PHONE_MESSAGES.letters));
    expect(problem('abc')).toBe(englishMessage(PHONE_MESSAGES.letters));
    expect(problem('+49#30*123')).toBe(englishMessage(PHONE_MESSAGES.characters));
    expect(problem('030 1234567')).toBe(englishMessage(PHONE_MESSAGES.countryCode));
  });

  it('names the problem: unknown country code, too short, too long, not valid there', () => {
    expect(problem('+999 123456')).toBe(englishMessage(PHONE_MESSAGES.unknownCountry));
    expect(problem('+1 555')).toBe(englishMessage(PHONE_MESSAGES.tooShort));
    expect(problem('+49 1512345678901234')).toBe(englishMessage(PHONE_MESSAGES.tooLong));
    expect(problem('+1 011 555 0143')).toBe(englishMessage(PHONE_MESSAGES.invalid));
  });

  it('formats a stored E.164 number for reading, and leaves other text alone', () => {
    expect(formatPhone('+49301234567')).toBe('+49 30 1234567');
    expect(formatPhone('-')).toBe('-');
  });
});
