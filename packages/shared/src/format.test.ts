import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('the date formatter', () => {
  const at = '2026-11-29T08:05:00Z';

  it('writes a date as its reader writes it: 11/29/2026, 29/11/2026, 29.11.2026', () => {
    expect(formatDate(at, 'en')).toBe('11/29/2026');
    expect(formatDate(at, 'es')).toBe('29/11/2026');
    expect(formatDate(at, 'de')).toBe('29.11.2026');
    expect(formatDate(at, 'de-CH')).toBe('29.11.2026');
    expect(formatDate(at, 'fr')).toBe('11/29/2026');
  });

  it('keeps the UTC day everywhere and adds the time in 24 hours with UTC', () => {
    expect(formatDate('2026-11-29T23:59:59Z', 'es')).toBe('29/11/2026');
    expect(formatDateTime(at, 'de')).toBe('29.11.2026 08:05 UTC');
    expect(formatDateTime(at, 'en')).toBe('11/29/2026 08:05 UTC');
  });
});
