import { describe, expect, it } from 'vitest';
import { dotted } from './dotted';

describe('dotted', () => {
  it('joins the parts that are there with a middle dot', () => {
    expect(
      dotted(['10.0.0.1', null, 'Signed in 3 Mar 2026', undefined, '', false, 'Firefox']),
    ).toBe('10.0.0.1 · Signed in 3 Mar 2026 · Firefox');
  });

  it('is empty when no part is there', () => {
    expect(dotted([null, undefined, ''])).toBe('');
  });
});
