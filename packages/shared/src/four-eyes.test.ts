import { describe, expect, it } from 'vitest';
import { secondAdminBeforeDeciding } from './four-eyes';

describe('secondAdminBeforeDeciding', () => {
  it('is certain only when the amount alone is above the threshold (or the threshold is 0)', () => {
    expect(secondAdminBeforeDeciding(450_000n, 100_000n)).toBe('required');
    expect(secondAdminBeforeDeciding(1n, 0n)).toBe('required');
    expect(secondAdminBeforeDeciding(100_000n, 100_000n)).toBe('possible');
    expect(secondAdminBeforeDeciding(450_000n, null)).toBe('possible');
  });
});
