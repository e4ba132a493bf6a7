import { describe, expect, it } from 'vitest';
import { showsVerificationCard, verificationSummaryKey } from './reviewPrompt';

describe('verificationSummaryKey', () => {
  it('asks an inactive account to verify to be activated only when the operator requires it', () => {
    expect(verificationSummaryKey('not_started', false, true)).toBe('not_started');
    expect(showsVerificationCard('not_started')).toBe(true);
  });

  it('tells an inactive account that verification is optional when it is not required (the default)', () => {
    const key = verificationSummaryKey('not_started', false, false);
    expect(key).toBe('not_started_optional');
    expect(showsVerificationCard(key)).toBe(true);
  });

  it('never tells an active account to verify "to activate your account"; its dashboard shows no card', () => {
    for (const required of [true, false]) {
      const key = verificationSummaryKey('not_started', true, required);
      expect(key).toBe('not_started_active');
      expect(showsVerificationCard(key)).toBe(false);
    }
  });

  it('keeps the standing for a review under way, needing action or approved, active or not', () => {
    for (const standing of ['submitted', 'needs_action', 'approved'] as const) {
      for (const required of [true, false]) {
        expect(verificationSummaryKey(standing, true, required)).toBe(standing);
        expect(verificationSummaryKey(standing, false, required)).toBe(standing);
      }
      expect(showsVerificationCard(standing)).toBe(true);
    }
  });
});
