import { describe, expect, it } from 'vitest';
import { withSearchParam } from './searchParams';

describe('withSearchParam', () => {
  it('sets the key and keeps the others, leaving the given params as they were', () => {
    const params = new URLSearchParams('tab=security&faq=fees');
    expect(withSearchParam(params, 'faq', 'withdraw').toString()).toBe('tab=security&faq=withdraw');
    expect(params.toString()).toBe('tab=security&faq=fees');
  });

  it('removes the key for null or an empty value', () => {
    const params = new URLSearchParams('tab=security&dialog=avatar');
    expect(withSearchParam(params, 'dialog', null).toString()).toBe('tab=security');
    expect(withSearchParam(params, 'dialog', '').toString()).toBe('tab=security');
  });
});
