import { describe, expect, it } from 'vitest';
import { chargesPerformanceFee } from './trade-rules';

describe('chargesPerformanceFee', () => {
  it('reads the percentage as a number, whatever its decimals', () => {
    expect(chargesPerformanceFee('20')).toBe(true);
    expect(chargesPerformanceFee('0.01')).toBe(true);
    expect(chargesPerformanceFee('0')).toBe(false);
    expect(chargesPerformanceFee('0.00')).toBe(false);
  });
});
