import { describe, expect, it } from 'vitest';
import { notificationMail } from './notification.mail';

/**
 * The retirement e-mail says what a retired strategy can still do, as the copier's card, the bell
 * and the admin's Retire dialog do (apps/web/src/features/retired-wording.test.ts): it takes no
 * new copies and its positions may only be reduced; never that it takes no more orders (the
 * server takes reduce-only orders from its trader and the operator).
 */
const brand = { name: 'Nestrado', publicUrl: 'https://nestrado.test' };
const event = {
  type: 'strategy_retired',
  params: { strategyId: '11111111-1111-4111-8111-111111111111', strategy: 'Tom Trend' },
} as const;

describe('the strategy_retired e-mail', () => {
  it.each([
    ['en', 'It takes no new copies, and its positions may only be reduced from now on.'],
    ['es', 'No admite copias nuevas y, a partir de ahora, sus posiciones solo pueden reducirse.'],
    [
      'de',
      'Sie nimmt keine neuen Kopien an, und ihre Positionen können von nun an nur verringert werden.',
    ],
  ] as const)('%s: its positions may only be reduced', (language, sentence) => {
    const mail = notificationMail(brand, language, 'Ada', event);
    expect(mail.text).toContain(sentence);
    expect(mail.text).not.toMatch(/no more orders|órdenes|keine Orders/);
  });
});
