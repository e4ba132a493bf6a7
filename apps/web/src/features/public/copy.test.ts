import { BANNED_COPY_PATTERNS, RISK_WARNING } from '@app/shared/risk';
import { describe, expect, it } from 'vitest';

/**
 * docs/product.md principle 3: no copy promises returns. Scans every locale file of every feature
 * (every JSON file under `features/<feature>/locales`, lazily loaded ones included) for the banned phrases.
 */
const localeFiles = import.meta.glob<unknown>('../*/locales/**/*.json', {
  eager: true,
  import: 'default',
});

/** Every string in a JSON value with its key path ("faq.items.fees"). */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value))
    return value.flatMap((item, index) => strings(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      strings(item, path ? `${path}.${key}` : key),
    );
  }
  return [];
}

function bannedIn(text: string): RegExp | undefined {
  return BANNED_COPY_PATTERNS.find((pattern) => pattern.test(text));
}

describe('copy scan', () => {
  it('finds the locale files, including the lazily loaded public texts', () => {
    const names = Object.keys(localeFiles);
    expect(names).toContain('./locales/en.json');
    expect(names).toContain('./locales/pages/en.json');
    expect(names).toContain('./locales/lower/en.json');
    expect(names).toContain('./locales/faq/en.json');
    expect(names.some((name) => name.startsWith('../auth/locales/'))).toBe(true);
  });

  it('recognises the seed claims it must reject', () => {
    for (const claim of [
      'ROI up to 41%',
      'Earn up to 80 % return',
      '8% ROI each day',
      '11% per day',
      'Guaranteed profits',
      'risk-free investing',
      '10+ years of experience',
      'fixed daily ROI',
    ]) {
      expect(bannedIn(claim), claim).toBeDefined();
    }
    expect(bannedIn(RISK_WARNING)).toBeUndefined();
  });

  it('has no banned phrase in any locale string', () => {
    const offences: string[] = [];
    for (const [file, messages] of Object.entries(localeFiles)) {
      for (const [key, text] of strings(messages)) {
        const pattern = bannedIn(text);
        if (pattern) offences.push(`${file} ${key}: "${text}" matches ${String(pattern)}`);
      }
    }
    expect(offences).toEqual([]);
  });
});
