import { afterEach, describe, expect, it } from 'vitest';
import { RULE_CODES, RULE_ENGLISH, rule } from '@app/shared/rules';
import { changeLanguage, ensureNamespaces, i18n } from '../../i18n';
import { translateError } from '../../lib/errors';
import { translateMessage, VALIDATION_NAMESPACE } from '../../lib/messages';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';

/**
 * Every rule of the shared vocabulary (packages/shared/src/rules.ts) has its text in every
 * language, keyed by its code: a rule added without its translations fails here, and nothing is
 * looked up by its English sentence (the linter refuses a sentence written as a schema message).
 */
const LOCALES = { en, es, de } as Record<string, Record<string, string>>;

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

afterEach(async () => {
  await changeLanguage('en');
});

describe('the validation texts', () => {
  it.each(Object.keys(LOCALES))('hold every rule and nothing else in %s', (language) => {
    expect(Object.keys(LOCALES[language]!).sort()).toEqual([...RULE_CODES].sort());
  });

  it('hold the shared English text of each rule, word for word', () => {
    expect(en).toEqual(RULE_ENGLISH);
  });

  it.each(['es', 'de'])('translate every rule into %s, keeping its parameters', (language) => {
    const texts = LOCALES[language]!;
    for (const code of RULE_CODES) {
      const english = RULE_ENGLISH[code];
      expect.soft(texts[code], code).not.toBe(english);
      expect.soft(placeholders(texts[code] ?? ''), code).toEqual(placeholders(english));
    }
  });

  it('are keyed by codes, never by sentences', () => {
    for (const texts of Object.values(LOCALES)) {
      for (const key of Object.keys(texts)) expect(key).toMatch(/^[A-Z][A-Z0-9_]*$/);
    }
  });
});

describe('translateMessage', () => {
  it('renders a rule in the language on screen', async () => {
    await changeLanguage('es');
    expect(translateMessage(rule('FULL_NAME_REQUIRED'))).toBe('El nombre completo es obligatorio');
    await changeLanguage('de');
    expect(translateMessage(rule('FULL_NAME_REQUIRED'))).toBe(
      'Der vollständige Name ist erforderlich',
    );
  });

  it('fills a rule’s values and keeps the numbers as written', async () => {
    await changeLanguage('es');
    expect(translateMessage(rule('AT_MOST_CHARACTERS', { max: 32 }))).toBe(
      'Como máximo 32 caracteres',
    );
    await changeLanguage('de');
    expect(translateMessage(rule('WHOLE_NUMBER_RANGE', { min: 0, max: 1000 }))).toBe(
      'Muss eine ganze Zahl von 0 bis 1000 sein',
    );
  });

  it('renders English from the shared text, word for word', () => {
    expect(translateMessage(rule('FULL_NAME_REQUIRED'))).toBe('Full name is required');
    expect(translateMessage(rule('STOP_LOSS_RANGE', { min: 5, max: 95 }))).toBe(
      'Stop-loss must be a whole percentage from 5 to 95',
    );
  });

  it('leaves text that names no rule as it is (a refusal already rendered from its code)', async () => {
    await changeLanguage('de');
    expect(translateMessage('Insufficient balance')).toBe('Insufficient balance');
    expect(translateMessage('NOT_A_RULE')).toBe('NOT_A_RULE');
    expect(translateMessage('')).toBe('');
    expect(translateMessage(undefined)).toBe('');
  });
});

describe('a server answer naming a rule', () => {
  it('is rendered from the rule and its values, not from the message', async () => {
    await changeLanguage('de');
    const answer = {
      code: 'VALIDATION_FAILED',
      message: 'At most 80 characters',
      params: { rule: 'AT_MOST_CHARACTERS', max: 80 },
    };
    expect(translateError(answer)).toBe('Höchstens 80 Zeichen');
  });

  it('keeps the message of a refusal that names no rule (Fastify’s own)', async () => {
    await changeLanguage('de');
    const answer = { code: 'VALIDATION_FAILED', message: 'Unexpected end of JSON input' };
    expect(translateError(answer)).toBe('Unexpected end of JSON input');
  });
});

describe('the validation namespace', () => {
  it('is loaded with any language but English', async () => {
    i18n.removeResourceBundle('en', VALIDATION_NAMESPACE);
    i18n.removeResourceBundle('de', VALIDATION_NAMESPACE);

    await ensureNamespaces(['shell'], 'en');
    expect(i18n.hasResourceBundle('en', VALIDATION_NAMESPACE)).toBe(false);
    expect(translateMessage(rule('PASSWORD_REQUIRED'))).toBe('Password is required');

    await changeLanguage('de');
    expect(i18n.hasResourceBundle('de', VALIDATION_NAMESPACE)).toBe(true);
    expect(translateMessage(rule('PASSWORD_REQUIRED'))).toBe('Das Passwort ist erforderlich');
  });
});
