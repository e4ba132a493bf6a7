import { describe, expect, it } from 'vitest';
import { tokenAmountText } from './tokenAmount';

describe('tokenAmountText', () => {
  it('shows 1000000 base units of a 6-decimal token as 1', () => {
    expect(tokenAmountText('1000000', 6)).toBe('1');
  });

  it('keeps every significant decimal and drops trailing zeros: 1234567 → 1.234567, 1500000 → 1.5', () => {
    expect(tokenAmountText('1234567', 6)).toBe('1.234567');
    expect(tokenAmountText('1500000', 6)).toBe('1.5');
  });

  it('shows less than one token with its leading zero: 500 → 0.0005', () => {
    expect(tokenAmountText('500', 6)).toBe('0.0005');
  });

  it('is exact beyond a float: 18 decimals, 123456789012345678901 → 123.456789012345678901', () => {
    expect(tokenAmountText('123456789012345678901', 18)).toBe('123.456789012345678901');
  });

  it('shows a token without decimals as it is', () => {
    expect(tokenAmountText('42', 0)).toBe('42');
  });
});
