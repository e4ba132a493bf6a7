import { describe, expect, it } from 'vitest';
import { onlyReduces } from './order-rules';

const long = (size: string) => ({ side: 'long', size }) as const;
const short = (size: string) => ({ side: 'short', size }) as const;

describe('onlyReduces', () => {
  it('is true for a smaller position on the same side, and for closing', () => {
    expect(onlyReduces(long('39.99'), long('20'))).toBe(true);
    expect(onlyReduces(short('0.0000807843'), short('0.00004'))).toBe(true);
    expect(onlyReduces(long('39.99'), null)).toBe(true);
    expect(onlyReduces(short('22.58'), long('0'))).toBe(true);
  });

  it('is false for growing, opening, turning around, or changing nothing', () => {
    expect(onlyReduces(long('39.99'), long('60'))).toBe(false);
    expect(onlyReduces(long('25'), long('25'))).toBe(false);
    expect(onlyReduces(null, long('10'))).toBe(false);
    expect(onlyReduces(long('39.99'), short('10'))).toBe(false);
    expect(onlyReduces(null, null)).toBe(false);
  });
});
