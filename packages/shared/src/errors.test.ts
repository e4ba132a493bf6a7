import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ERROR_CODES,
  ERROR_ENGLISH,
  ERROR_ENGLISH_CONTEXTS,
  ERROR_PARAMS,
  ERROR_STATUS,
  apiErrorSchema,
  englishErrorMessage,
  errorContext,
  type ErrorCode,
} from './errors';
import { englishMessage } from './rules';
import { MONEY_MESSAGES } from './schemas/money';
import { STOP_LOSS_PCT, TRADE_MESSAGES } from './schemas/trades';

/** The cases of a code's enum parameters, e.g. WITHDRAWAL_ALREADY_DECIDED → paid, rejected. */
function contextsOf(code: ErrorCode): string[] {
  const enums = Object.values(ERROR_PARAMS[code].shape as Record<string, z.ZodType>).filter(
    (schema): schema is z.ZodEnum => schema instanceof z.ZodEnum,
  );
  return enums.reduce<string[]>(
    (cases, schema) =>
      cases.flatMap((prefix) =>
        schema.options.map((option) => (prefix ? `${prefix}_${option}` : String(option))),
      ),
    [''],
  );
}

describe('the error vocabulary', () => {
  it('gives every code exactly one HTTP status, a 4xx or 5xx', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThan(600);
    }
  });

  it('gives every code an English text whose placeholders are its parameters', () => {
    expect(Object.keys(ERROR_ENGLISH).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      const params = Object.keys(ERROR_PARAMS[code].shape);
      const offered = [
        ...params,
        ...params.filter((name) => name.endsWith('Cents')).map((name) => `${name.slice(0, -5)}Usd`),
      ];
      const texts = [
        ERROR_ENGLISH[code],
        ...Object.entries(ERROR_ENGLISH_CONTEXTS)
          .filter(([key]) => key.startsWith(`${code}_`))
          .map(([, text]) => text),
      ];
      for (const text of texts) {
        for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) {
          expect(offered, `${code}: {{${name}}}`).toContain(name);
        }
      }
    }
  });

  it('words every case of a code with enum parameters in English (no fallback text shows)', () => {
    for (const code of ERROR_CODES) {
      for (const context of contextsOf(code).filter(Boolean)) {
        expect(ERROR_ENGLISH_CONTEXTS, `${code}_${context}`).toHaveProperty([`${code}_${context}`]);
      }
    }
  });

  it('renders the seed’s sentences from codes and parameters', () => {
    expect(englishErrorMessage('AMOUNT_BELOW_PLAN_MIN', { minCents: 100_000 })).toBe(
      'Amount must be greater than or equal to $1,000',
    );
    expect(englishErrorMessage('AMOUNT_ABOVE_PLAN_MAX', { maxCents: 499_950 })).toBe(
      'Amount must be less than or equal to $4,999.50',
    );
    expect(englishErrorMessage('INSUFFICIENT_BALANCE', { availableCents: 1_000 })).toBe(
      englishMessage(MONEY_MESSAGES.insufficientBalance),
    );
    expect(
      englishErrorMessage('STOP_LOSS_OUT_OF_RANGE', {
        minPct: STOP_LOSS_PCT.min,
        maxPct: STOP_LOSS_PCT.max,
      }),
    ).toBe(englishMessage(TRADE_MESSAGES.stopLoss));
    expect(englishErrorMessage('WITHDRAWAL_ALREADY_DECIDED', { outcome: 'paid' })).toBe(
      'This withdrawal was already paid',
    );
    expect(englishErrorMessage('STATEMENT_DATE_IN_FUTURE', { unit: 'year' })).toBe(
      'The year cannot be in the future',
    );
    expect(englishErrorMessage('UNSUPPORTED_MEDIA_TYPE', { contentType: 'text/plain' })).toBe(
      'Content type text/plain is not accepted here',
    );
    expect(englishErrorMessage('UNSUPPORTED_MEDIA_TYPE', { contentType: null })).toBe(
      'A request body needs a content type',
    );
    expect(englishErrorMessage('WEIGHT_OVER_100', { grossWeightPct: '120.5' })).toBe(
      "Total gross weight would be 120.5%, above 100% of the strategy's equity",
    );
  });

  it('names the i18next context from enum and null parameters only', () => {
    expect(errorContext('DEPOSIT_ALREADY_DECIDED', { outcome: 'approved' })).toBe('approved');
    expect(
      errorContext('PAYMENT_METHOD_FIELD_NOT_APPLICABLE', { kind: 'bank', field: 'network' }),
    ).toBe('bank');
    expect(errorContext('UNKNOWN_INSTRUMENT', { symbol: 'BTCUSDT' })).toBeUndefined();
    expect(errorContext('UNSUPPORTED_MEDIA_TYPE', { contentType: null })).toBe('null');
  });

  it('accepts an API error of a known code and refuses an unknown one', () => {
    const known = { error: { code: 'NO_OPEN_TRADE', message: 'You have no open trade' } };
    expect(apiErrorSchema.safeParse(known).success).toBe(true);
    const unknown = { error: { code: 'CONFLICT', message: 'x' } };
    expect(apiErrorSchema.safeParse(unknown).success).toBe(false);
  });
});
