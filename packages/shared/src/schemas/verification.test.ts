import { describe, expect, it } from 'vitest';
import {
  ageOn,
  dateOfBirthProblem,
  documentsNeeded,
  standingOf,
  verificationDetailsSchema,
} from './verification';

describe('date of birth: 18 or older, not in the future', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-11-26', '2026-11-26')).toBe(18);
    expect(ageOn('2008-11-27', '2026-11-26')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
  });

  it('refuses a minor and a day after today, accepts an adult', () => {
    expect(dateOfBirthProblem('2008-11-27', '2026-11-26')).toBe('DATE_OF_BIRTH_UNDER_18');
    expect(dateOfBirthProblem('2026-11-27', '2026-11-26')).toBe('DATE_OF_BIRTH_IN_FUTURE');
    expect(dateOfBirthProblem('2008-11-26', '2026-11-26')).toBeNull();
  });

  it('takes only real calendar days', () => {
    const details = {
      legalName: 'Ada Lovelace',
      address: '12 St James’s Square, London',
      nationality: 'British',
      documentType: 'passport',
    };
    expect(
      verificationDetailsSchema.safeParse({ ...details, dateOfBirth: '1990-02-30' }).success,
    ).toBe(false);
    expect(
      verificationDetailsSchema.safeParse({ ...details, dateOfBirth: '1990-02-28' }).success,
    ).toBe(true);
  });
});

describe('what a submission needs and where the user stands', () => {
  it('a passport has no back; an ID card and a driving licence do', () => {
    expect(documentsNeeded('passport')).toEqual(['identityFront', 'proofOfAddress']);
    expect(documentsNeeded('driving_licence')).toEqual([
      'identityFront',
      'identityBack',
      'proofOfAddress',
    ]);
  });

  it('maps the stored state to the standing the user reads', () => {
    expect(
      [null, 'draft', 'submitted', 'rejected', 'approved'].map((s) => standingOf(s as never)),
    ).toEqual(['not_started', 'not_started', 'submitted', 'needs_action', 'approved']);
  });
});
