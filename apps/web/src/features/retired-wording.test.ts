import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a retired strategy can still do, said one way (issue 39): it takes no new copies, and its
 * positions may only be reduced (the server takes reduce-only orders, ORDER_MUST_REDUCE; the
 * operator can unwind it). The copier's card said so while the admin's Retire dialog and the
 * copier's bell said it takes "no orders"; the e-mail is checked beside its template
 * (apps/server/src/modules/notifications/notification.mail.test.ts).
 */
const FEATURES = import.meta.dirname;
const REDUCED_ONLY = {
  en: /its positions may only be reduced/,
  es: /sus posiciones solo pueden reducirse/,
  de: /ihre Positionen können (von nun an )?nur verringert werden/,
} as const;
const NO_ORDERS = /no (more )?orders|ni (más )?órdenes|keine Orders/i;

function text(feature: string, language: string, key: string): string {
  const file = path.join(FEATURES, feature, 'locales', `${language}.json`);
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown>)[part];
  if (typeof value !== 'string') throw new Error(`${feature}/${language}: no text ${key}`);
  return value;
}

const TEXTS = [
  ['admin', 'strategies.retireBody'],
  ['notifications', 'types.strategy_retired.body'],
  ['trading', 'strategyStatus.retired.body'],
] as const;

describe('a retired strategy, in every language', () => {
  it.each(Object.entries(REDUCED_ONLY))(
    '%s: the Retire dialog, the bell and the copy card say its positions may only be reduced',
    (language, reducedOnly) => {
      for (const [feature, key] of TEXTS) {
        const said = text(feature, language, key);
        expect(said, `${feature} ${key}`).toMatch(reducedOnly);
        expect(said, `${feature} ${key}`).not.toMatch(NO_ORDERS);
      }
    },
  );
});
