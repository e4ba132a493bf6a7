import { describe, expect, it } from 'vitest';
import { DEFAULT_FOUR_EYES_THRESHOLD_CENTS, needsSecondAdmin, thresholdFrom } from './four-eyes';

describe('needsSecondAdmin', () => {
  it('lets an amount at the threshold through and holds one a cent above it', () => {
    expect(needsSecondAdmin(100_000n, 100_000n)).toBe(false);
    expect(needsSecondAdmin(100_001n, 100_000n)).toBe(true);
  });
  it('counts a debit by its size', () => {
    expect(needsSecondAdmin(-100_001n, 100_000n)).toBe(true);
    expect(needsSecondAdmin(-99_999n, 100_000n)).toBe(false);
  });
  it('counts what the same admin moved alone for the user in the window, so splitting does not dodge it', () => {
    expect(needsSecondAdmin(40_000n, 100_000n, 60_000n)).toBe(false);
    expect(needsSecondAdmin(40_001n, 100_000n, 60_000n)).toBe(true);
    expect(needsSecondAdmin(-1n, 100_000n, 100_000n)).toBe(true);
  });
  it('holds every amount when the threshold is 0', () => {
    expect(needsSecondAdmin(1n, 0n)).toBe(true);
    expect(needsSecondAdmin(-1n, 0n)).toBe(true);
  });
});

describe('thresholdFrom', () => {
  it('reads a stored whole number of cents, 0 included', () => {
    expect(thresholdFrom(250_000)).toBe(250_000n);
    expect(thresholdFrom(0)).toBe(0n);
  });
  it('falls back to $1,000.00 when unset or malformed', () => {
    expect(DEFAULT_FOUR_EYES_THRESHOLD_CENTS).toBe(100_000n);
    expect(thresholdFrom(undefined)).toBe(100_000n);
    expect(thresholdFrom(-5)).toBe(100_000n);
    expect(thresholdFrom('100')).toBe(100_000n);
    expect(thresholdFrom(1.5)).toBe(100_000n);
  });
});
