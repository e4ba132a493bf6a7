import { describe, expect, it } from 'vitest';
import { showsVerificationCard, verificationSummaryKey } from './reviewPrompt';

describe('verificationSummaryKey', () => {
  it('asks an inactive account that has not started to verify to activate it', () => {
    expect(verificationSummaryKey('not_started', false)).toBe('not_started');
    expect(showsVerificationCard('not_started')).toBe(true);
  });

  it('never tells an active account to verify "to activate your account"; its dashboard shows no card', () => {
    const key = verificationSummaryKey('not_started', true);
    expect(key).toBe('not_started_active');
    expect(showsVerificationCard(key)).toBe(false);
  });

  it('keeps the standing for a review under way, needing action or approved, active or not', () => {
    for (const standing of ['submitted', 'needs_action', 'approved'] as const) {
      expect(verificationSummaryKey(standing, true)).toBe(standing);
      expect(verificationSummaryKey(standing, false)).toBe(standing);
      expect(showsVerificationCard(standing)).toBe(true);
    }
  });
});
