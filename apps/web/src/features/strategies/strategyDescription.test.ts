import { DEMO_TRADER_DESCRIPTIONS, DEMO_TRADER_IDS } from '@app/shared/schemas/strategies';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../i18n';
import en from './locales/en.json';
import { strategyDescription } from './strategyDescription';

const t = () => i18n.getFixedT(null, 'strategies');

afterEach(() => changeLanguage('en'));

describe("a strategy's description", () => {
  it("of a demo strategy is worded in the reader's language", async () => {
    const trend = {
      description: DEMO_TRADER_DESCRIPTIONS['majors-basket'],
      demoTrader: 'majors-basket' as const,
    };
    expect(strategyDescription(t(), trend)).toBe(
      'Equal-weight BTC, ETH and BNB, rebalanced daily.',
    );
    await changeLanguage('es');
    expect(strategyDescription(t(), trend)).toBe(
      'BTC, ETH y BNB a partes iguales, reequilibrados a diario.',
    );
    await changeLanguage('de');
    expect(strategyDescription(t(), trend)).toBe(
      'BTC, ETH und BNB zu gleichen Teilen, täglich neu gewichtet.',
    );
  });

  it("of a lead trader's strategy is theirs, as they wrote it, in every language", async () => {
    await changeLanguage('de');
    const own = { description: 'Swing trades on majors.', demoTrader: null };
    expect(strategyDescription(t(), own)).toBe('Swing trades on majors.');
  });

  it('says in English exactly what the server stores for every demo strategy', () => {
    for (const id of DEMO_TRADER_IDS) {
      expect(en.demoDescriptions[id]).toBe(DEMO_TRADER_DESCRIPTIONS[id]);
    }
  });
});
