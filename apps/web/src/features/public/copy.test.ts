import {
  BANNED_COPY_PATTERNS,
  RISK_WARNING,
  UNBUILT_FEATURE_PATTERNS,
  UNOFFERED_SERVICE_PATTERNS,
} from '@app/shared/risk';
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

/** A claim this install cannot keep: a service it does not offer, or a feature not built yet. */
function untrueIn(text: string): RegExp | undefined {
  return [...UNOFFERED_SERVICE_PATTERNS, ...UNBUILT_FEATURE_PATTERNS].find((pattern) =>
    pattern.test(text),
  );
}

/** Every string of every locale file, with the file and key it comes from. */
function everyString(): { file: string; key: string; text: string }[] {
  return Object.entries(localeFiles).flatMap(([file, messages]) =>
    strings(messages).map(([key, text]) => ({ file, key, text })),
  );
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
    for (const { file, key, text } of everyString()) {
      const pattern = bannedIn(text);
      if (pattern) offences.push(`${file} ${key}: "${text}" matches ${String(pattern)}`);
    }
    expect(offences).toEqual([]);
  });
});

/**
 * PRODUCT.md section 3: every claim is true of this install. The services named are the ones it
 * offers, and no text offers a feature it has not built (the landing once offered a practice
 * account with virtual money before issue 42 built one).
 */
describe('claims scan', () => {
  it('recognises the untrue claims it must reject, in every language', () => {
    for (const claim of [
      'Forex Trading',
      'ETF Stocks',
      'Financial Advisory',
      '24/7 customer support',
    ]) {
      expect(untrueIn(claim), claim).toBeDefined();
    }
    // What the install does say stays allowed: demo strategies, a payment method's demo details.
    for (const claim of [
      'Built-in demo strategies are labelled as demo strategies wherever they appear.',
      'Demo account: replace with the operator’s real bank details.',
      "We don't give personal investment advice.",
      // Built (issue 42): the practice account with virtual money.
      'Try every screen with virtual money before you invest real money.',
      'Übungskonto',
    ]) {
      expect(untrueIn(claim), claim).toBeUndefined();
    }
  });

  it('has no untrue claim in any locale string', () => {
    const offences = everyString().flatMap(({ file, key, text }) => {
      const pattern = untrueIn(text);
      return pattern ? [`${file} ${key}: "${text}" matches ${String(pattern)}`] : [];
    });
    expect(offences).toEqual([]);
  });

  it("takes the landing's copy stop-loss figures from the trade rules, in every language", () => {
    for (const file of ['./locales/en.json', './locales/es.json', './locales/de.json']) {
      const card = strings(localeFiles[file]).find(
        ([key]) => key === 'features.items.stopLoss.text',
      );
      expect(card?.[1], file).toMatch(/\{\{defaultPct\}\}.*\{\{minPct\}\}.*\{\{maxPct\}\}/);
    }
  });
});
