import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RISK_WARNING } from '@app/shared/risk';
import { tuForms } from '@app/shared/spanish-register';
import {
  STATEMENT_LANGUAGES,
  STATEMENT_MESSAGES,
  describeMovement,
  statementLanguage,
} from './statements.messages';

const webJson = (feature: string, language: string): unknown =>
  JSON.parse(
    fs.readFileSync(
      path.resolve(
        path.dirname(fileURLToPath(import.meta.url)),
        `../../../../web/src/features/${feature}/locales/${language}.json`,
      ),
      'utf8',
    ),
  );
const webLocale = (language: string) =>
  webJson('public', language) as { risk?: { warning?: string } };

describe('statement texts', () => {
  it.each(STATEMENT_LANGUAGES)('the %s risk warning is the one the web shows', (language) => {
    const expected = webLocale(language).risk?.warning ?? RISK_WARNING;
    expect(STATEMENT_MESSAGES[language].riskWarning).toBe(expected);
  });

  it.each(['de', 'es'] as const)(
    'the %s movement descriptions are the ones the web writes for a transaction',
    (language) => {
      const web = webJson('transactions', language) as Record<string, unknown>;
      expect(STATEMENT_MESSAGES[language].transactionTexts).toEqual({
        methods: web.methods,
        descriptions: web.descriptions,
      });
    },
  );

  it('the Spanish movement descriptions speak usted', () => {
    const leaves = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Object.values(value ?? {}).flatMap(leaves);
    const texts = leaves(STATEMENT_MESSAGES.es.transactionTexts);
    expect(texts.length).toBe(21);
    expect(texts.filter((text) => tuForms(text).length > 0)).toEqual([]);
  });

  it('a close without its amount, an operator-named method: from the code; no code: the stored text', () => {
    const es = STATEMENT_MESSAGES.es;
    expect(
      describeMovement(
        {
          description: 'Trade closed by stop-loss (Gold plan)',
          descriptionParts: { code: 'trade_close', reason: 'stop_loss', plan: 'Gold' },
        },
        es,
      ),
    ).toBe('Operación cerrada por stop-loss (plan Gold)');
    expect(
      describeMovement(
        {
          description: 'Withdrawal via USDT (TRC20)',
          descriptionParts: { code: 'withdrawal', method: 'USDT (TRC20)' },
        },
        STATEMENT_MESSAGES.de,
      ),
    ).toBe('Auszahlung über USDT (TRC20)');
    expect(
      describeMovement({ description: 'Withdrawal TNX1 paid', descriptionParts: null }, es),
    ).toBe('Withdrawal TNX1 paid');
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
