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

/** An alert about the practice account (issue 42) says "Practice — virtual money" first. */
describe('an alert about a practice copy', () => {
  const stoppedOut = {
    type: 'trade_stopped_out',
    params: {
      tradeId: '22222222-2222-4222-8222-222222222222',
      plan: 'Silver',
      amountCents: 100_000,
      payoutCents: 60_000,
    },
  } as const;
  const practice = { ...stoppedOut, params: { ...stoppedOut.params, practice: true } } as const;

  it.each([
    ['en', '[Practice] Your Silver copy was closed by its stop-loss', 'Practice — virtual money.'],
    [
      'es',
      '[Práctica] Su copia del plan Silver se cerró por su stop-loss',
      'Práctica — dinero virtual.',
    ],
    [
      'de',
      '[Übung] Ihre Kopie des Plans Silver wurde durch den Stop-Loss geschlossen',
      'Übung — virtuelles Geld.',
    ],
  ] as const)(
    '%s: the subject is prefixed and the marker comes before the greeting',
    (language, subject, marker) => {
      const mail = notificationMail(brand, language, 'Ada', practice);
      expect(mail.subject).toBe(subject);
      expect(mail.text.indexOf(marker)).toBeGreaterThanOrEqual(0);
      expect(mail.text.indexOf(marker)).toBeLessThan(mail.text.indexOf('Ada'));
      expect(mail.html).toContain(marker);
    },
  );

  it('a real copy carries no marker', () => {
    const mail = notificationMail(brand, 'en', 'Ada', stoppedOut);
    expect(mail.subject).toBe('Your Silver copy was closed by its stop-loss');
    expect(mail.text).not.toContain('Practice');
  });

  it('a strategy event to a practice-only copier is marked too', () => {
    const mail = notificationMail(brand, 'en', 'Ada', {
      ...event,
      params: { ...event.params, practice: true },
    });
    expect(mail.subject).toBe('[Practice] The Tom Trend strategy is retired');
  });
});
