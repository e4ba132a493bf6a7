import { BANNED_COPY_PATTERNS, RISK_WARNING } from '@app/shared/risk';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './index';

/**
 * English is the source: every `en.json` must have a complete Spanish and German twin, so no
 * screen falls back to English half-way, and no translation may promise what the English does not.
 */
type Messages = { [key: string]: unknown };
const files = {
  ...import.meta.glob<Messages>('../features/*/locales/**/*.json', {
    eager: true,
    import: 'default',
  }),
  ...import.meta.glob<Messages>('../ui/locales/*.json', { eager: true, import: 'default' }),
};

/**
 * Keys whose English lives in code, not in en.json: the risk warning's English is the shared
 * constant (the server and the copy scan use it too), so only translations carry `risk.warning`.
 */
const ENGLISH_IN_CODE: Record<string, Record<string, string>> = {
  '../features/public/locales/en.json': { 'risk.warning': RISK_WARNING },
};

const TRANSLATIONS = SUPPORTED_LANGUAGES.filter((language) => language !== 'en');

/** The Spanish and German forms of the banned promises (docs/product.md principle 3). */
const BANNED_TRANSLATED_PATTERNS: readonly RegExp[] = [
  /garantiz/i,
  /sin riesgo/i,
  /libre de riesgo/i,
  /hasta \d+\s?%/i,
  /\d+\s?%\s?(de )?(ROI |rentabilidad )?(al|por|cada) día/i,
  /rentabilidad (diaria )?fija/i,
  /\d+\+ años/i,
  /garantiert/i,
  /risikofrei/i,
  /risikolos/i,
  /ohne risiko/i,
  /bis zu \d+\s?%/i,
  /\d+\s?%\s?(ROI )?(pro|je) Tag/i,
  /feste tägliche/i,
  /\d+\+ Jahre/i,
];

function flatten(messages: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (messages !== null && typeof messages === 'object') {
    for (const [key, value] of Object.entries(messages)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value !== null && typeof value === 'object') {
        entries.set(path, { shape: Array.isArray(value) ? `array(${value.length})` : 'object' });
        for (const [inner, innerValue] of flatten(value, path)) entries.set(inner, innerValue);
      } else {
        entries.set(path, value);
      }
    }
  }
  return entries;
}

function placeholders(text: string): string[] {
  return (text.match(/\{\{\s*[^}]+?\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
}

const englishFiles = Object.keys(files)
  .filter((path) => path.endsWith('/en.json'))
  .sort();

describe('translations', () => {
  it('finds the English sources (the glob is not silently empty)', () => {
    expect(englishFiles.length).toBeGreaterThan(15);
    expect(englishFiles).toContain('../features/public/locales/en.json');
    expect(englishFiles).toContain('../ui/locales/en.json');
  });

  describe.each(TRANSLATIONS)('%s', (language) => {
    it.each(englishFiles)('%s has a complete, faithful twin', (englishPath) => {
      const path = englishPath.replace(/en\.json$/, `${language}.json`);
      const translated = files[path];
      expect(translated, `${path} is missing`).toBeDefined();
      const source = flatten(files[englishPath]);
      for (const [key, english] of Object.entries(ENGLISH_IN_CODE[englishPath] ?? {})) {
        source.set(key, english);
      }
      const target = flatten(translated);

      expect([...target.keys()].sort(), `${path}: keys differ from ${englishPath}`).toEqual(
        [...source.keys()].sort(),
      );
      for (const [key, english] of source) {
        const text = target.get(key);
        if (typeof english !== 'string') {
          // Objects and arrays compare by shape (an array's length is part of it).
          expect(text, `${path} ${key}`).toEqual(english);
          continue;
        }
        expect(typeof text, `${path} ${key} is not a string`).toBe('string');
        const value = String(text);
        expect(value.trim(), `${path} ${key} is empty`).not.toBe('');
        expect(placeholders(value), `${path} ${key}: placeholders`).toEqual(placeholders(english));
        for (const pattern of [...BANNED_COPY_PATTERNS, ...BANNED_TRANSLATED_PATTERNS]) {
          expect(value, `${path} ${key} promises returns (${String(pattern)})`).not.toMatch(
            pattern,
          );
        }
      }
    });
  });

  it('has no translation without an English source', () => {
    const orphans = Object.keys(files).filter(
      (path) => !path.endsWith('/en.json') && !files[path.replace(/[^/]+\.json$/, 'en.json')],
    );
    expect(orphans).toEqual([]);
  });
});
