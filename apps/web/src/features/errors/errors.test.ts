import {
  ERROR_CODES,
  ERROR_ENGLISH,
  ERROR_ENGLISH_CONTEXTS,
  englishErrorMessage,
  type ErrorCode,
  type ErrorParams,
} from '@app/shared/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, ensureNamespaces, SUPPORTED_LANGUAGES } from '../../i18n';
import { renderError, translateError } from '../../lib/errors';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';

const LOCALES: Record<(typeof SUPPORTED_LANGUAGES)[number], Record<string, string>> = {
  en,
  es,
  de,
};

/**
 * Parameters for every code, every case of its enum parameters included: the type makes a new
 * code without an example a compile error, and each example is rendered in every language below.
 */
const EXAMPLES: { [C in ErrorCode]: ErrorParams<C>[] } = Object.fromEntries(
  ERROR_CODES.map((code) => [code, [{}]]),
) as { [C in ErrorCode]: ErrorParams<C>[] };
Object.assign(EXAMPLES, {
  NOT_FOUND: [{ method: 'GET', path: '/api/nope' }],
  METHOD_NOT_ALLOWED: [{ method: 'DELETE' }],
  UNSUPPORTED_MEDIA_TYPE: [{ contentType: 'text/plain' }, { contentType: null }],
  INSUFFICIENT_BALANCE: [{ availableCents: 1_000 }],
  WITHDRAWAL_BELOW_FEE: [{ feeCents: 555 }],
  ACCOUNT_CLOSE_MONEY_LEFT: [{ availableCents: 12_345 }],
  PAYMENT_METHOD_FIELD_NOT_APPLICABLE: [
    { kind: 'crypto', field: 'bankName' },
    { kind: 'bank', field: 'network' },
  ],
  DEPOSIT_ALREADY_DECIDED: [{ outcome: 'approved' }, { outcome: 'rejected' }],
  WITHDRAWAL_ALREADY_DECIDED: [{ outcome: 'paid' }, { outcome: 'rejected' }],
  APPROVAL_ALREADY_DECIDED: [{ outcome: 'approved' }, { outcome: 'rejected' }],
  VERIFICATION_FILE_TOO_LARGE: [{ maxMegabytes: 8 }],
  AVATAR_DIMENSIONS_TOO_LARGE: [{ maxMegapixels: 20 }],
  VERIFICATION_FILE_DIMENSIONS_TOO_LARGE: [{ maxMegapixels: 40 }],
  APPROPRIATENESS_REQUIRED: [{ reason: 'not_taken' }, { reason: 'warning_pending' }],
  AMOUNT_BELOW_PLAN_MIN: [{ minCents: 100_000 }, { minCents: 100_050 }],
  AMOUNT_ABOVE_PLAN_MAX: [{ maxCents: 499_900 }, { maxCents: 100_000_000 }],
  STOP_LOSS_OUT_OF_RANGE: [{ minPct: 5, maxPct: 95 }],
  TOO_MANY_OPEN_TRADES: [{ max: 10 }],
  ADD_ABOVE_PLAN_MAX: [{ maxCents: 499_900, roomCents: 199_900 }],
  REMOVE_MORE_THAN_HELD: [{ valueCents: 360_000 }],
  REMAINDER_BELOW_PLAN_MIN: [{ minCents: 100_000, maxRemoveCents: 260_000 }],
  UNKNOWN_INSTRUMENT: [{ symbol: 'DOGEUSDT' }],
  WEIGHT_OVER_100: [{ grossWeightPct: '120.5' }],
  ORDER_CHANGES_NOTHING: [{ symbol: 'ETHUSDT' }],
  STATEMENT_DATE_IN_FUTURE: [{ unit: 'date' }, { unit: 'year' }],
  PERFORMANCE_FEE_OUTSIDE_BOUNDS: [{ minPct: '5', maxPct: '25.5' }],
  STRATEGY_LIMIT_REACHED: [{ max: 1 }],
  INSTRUMENT_NOT_ALLOWED: [{ symbol: 'ETHUSDT' }],
  AMOUNT_BELOW_STRATEGY_MIN: [{ minCents: 10_000 }],
  STRATEGY_COPIERS_FULL: [{ maxCopiers: 50 }],
  PLAN_MIN_BELOW_STRATEGY_MIN: [{ minCents: 10_000 }],
  PLAN_FEE_SET_BY_STRATEGY: [{ feePct: '20.00' }],
  ORDER_MUST_REDUCE: [{ symbol: 'BTCUSDT' }],
  API_TOKEN_LIMIT_REACHED: [{ max: 10 }],
  API_TOKEN_REAUTH_REQUIRED: [{ minutes: 5 }],
  PAYOUT_TX_TOO_LITTLE: [{ netCents: 24_500 }],
  PAYOUT_TX_UNCONFIRMED: [{ confirmations: 1, required: 3 }],
} satisfies Partial<{ [C in ErrorCode]: ErrorParams<C>[] }>);

function examples(): [ErrorCode, ErrorParams<ErrorCode>][] {
  return ERROR_CODES.flatMap((code) =>
    EXAMPLES[code].map((params): [ErrorCode, ErrorParams<ErrorCode>] => [code, params]),
  );
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('the error codes in every language', () => {
  it.each(SUPPORTED_LANGUAGES)('%s has a text for every code of the shared union', (language) => {
    const locale = LOCALES[language];
    expect(ERROR_CODES.filter((code) => !(code in locale))).toEqual([]);
  });

  it('English is the shared renderer’s text, word for word, and nothing else', () => {
    expect(en).toEqual({ ...ERROR_ENGLISH, ...ERROR_ENGLISH_CONTEXTS });
  });

  it('every other language has only keys of a code (or a code’s context)', () => {
    for (const locale of [es, de]) {
      for (const key of Object.keys(locale)) {
        expect(
          ERROR_CODES.some((code) => key === code || key.startsWith(`${code}_`)),
          key,
        ).toBe(true);
      }
    }
  });

  it('renders every example in English exactly as the server words it', async () => {
    await ensureNamespaces(['errors'], 'en');
    for (const [code, params] of examples()) {
      expect(renderError(code, params), code).toBe(englishErrorMessage(code, params));
    }
  });

  it.each(['es', 'de'] as const)(
    'renders every example in %s, every placeholder filled',
    async (language) => {
      await changeLanguage(language);
      await ensureNamespaces(['errors'], language);
      for (const [code, params] of examples()) {
        const text = renderError(code, params);
        expect(text, code).not.toBe(englishErrorMessage(code, params));
        expect(text, code).not.toMatch(/\{\{|\}\}/);
      }
    },
  );
});

describe('translateError', () => {
  it('renders a refusal from its code and parameters, not from its message', async () => {
    await changeLanguage('es');
    await ensureNamespaces(['errors'], 'es');
    const refused = {
      code: 'AMOUNT_BELOW_PLAN_MIN',
      params: { minCents: 100_050 },
      message: 'whatever the server wrote',
    };
    expect(translateError(refused)).toBe('El importe debe ser mayor o igual que $1,000.50');
    await changeLanguage('de');
    expect(
      translateError({ ...refused, code: 'AMOUNT_ABOVE_PLAN_MAX', params: { maxCents: 499_900 } }),
    ).toBe('Der Betrag muss kleiner oder gleich $4,999 sein');
    expect(
      translateError({
        code: 'WITHDRAWAL_ALREADY_DECIDED',
        params: { outcome: 'paid' },
        message: 'This withdrawal was already paid',
      }),
    ).toBe('Diese Auszahlung wurde bereits bezahlt');
  });

  it('shows a schema rule’s message as the forms do (VALIDATION_FAILED)', async () => {
    await changeLanguage('de');
    expect(
      translateError({
        code: 'VALIDATION_FAILED',
        message: 'Password is required',
        params: { rule: 'PASSWORD_REQUIRED' },
      }),
    ).toBe('Das Passwort ist erforderlich');
  });

  it('keeps the server’s message for a code this build does not know or parameters that do not fit', async () => {
    await changeLanguage('de');
    expect(translateError({ code: 'SOMETHING_NEW', message: 'Something new' })).toBe(
      'Something new',
    );
    expect(
      translateError({ code: 'AMOUNT_BELOW_PLAN_MIN', params: { minCents: 'x' }, message: 'Sent' }),
    ).toBe('Sent');
  });
});
