import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { formatDateTime, formatMonth, formatTime } from './dates';

afterEach(async () => {
  await changeLanguage('en');
});

describe('lib/dates: every date and time of the web app, in the language on screen', () => {
  it('a fill’s time reads the same on the desk and the public order log', async () => {
    expect(formatDateTime('2026-11-29T08:35:10Z')).toBe('11/29/2026 08:35 UTC');
    expect(formatTime('2026-11-29T08:35:10Z')).toBe('08:35 UTC');
    await changeLanguage('de');
    expect(formatDateTime('2026-11-29T08:35:10Z')).toBe('29.11.2026 08:35 UTC');
  });

  it('a month in the reader’s words', async () => {
    expect(formatMonth('2025-07')).toBe('July 2025');
    await changeLanguage('de');
    expect(formatMonth('2025-07')).toBe('Juli 2025');
  });
});
