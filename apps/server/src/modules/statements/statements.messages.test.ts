import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RISK_WARNING } from '@app/shared/risk';
import { STATEMENT_LANGUAGES, STATEMENT_MESSAGES, statementLanguage } from './statements.messages';

const webLocale = (language: string) =>
  JSON.parse(
    fs.readFileSync(
      path.resolve(
        path.dirname(fileURLToPath(import.meta.url)),
        `../../../../web/src/features/public/locales/${language}.json`,
      ),
      'utf8',
    ),
  ) as { risk?: { warning?: string } };

describe('statement texts', () => {
  it.each(STATEMENT_LANGUAGES)('the %s risk warning is the one the web shows', (language) => {
    const expected = webLocale(language).risk?.warning ?? RISK_WARNING;
    expect(STATEMENT_MESSAGES[language].riskWarning).toBe(expected);
  });

  it.each([
    [undefined, 'de-CH,de;q=0.9', 'de'],
    [undefined, 'fr-FR, es;q=0.8', 'es'],
    [undefined, 'fr', 'en'],
    [undefined, undefined, 'en'],
    ['es', 'de', 'es'],
  ] as const)('asked %s with Accept-Language %s: %s', (asked, header, expected) => {
    expect(statementLanguage(asked, header)).toBe(expected);
  });
});
