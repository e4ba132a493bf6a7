import { describe, expect, it } from 'vitest';
import { UnknownInstrumentError } from './errors';
import { INSTRUMENT_SYMBOLS, getInstrument, isInstrumentSymbol } from './instruments';

describe('instruments', () => {
  it('lists the five simulated USDT pairs', () => {
    expect(INSTRUMENT_SYMBOLS).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT']);
    expect(getInstrument('XRPUSDT').priceDecimals).toBe(4);
  });

  it('refuses an unknown symbol with the UNKNOWN_INSTRUMENT code', () => {
    expect(isInstrumentSymbol('DOGEUSDT')).toBe(false);
    expect(() => getInstrument('DOGEUSDT')).toThrow(UnknownInstrumentError);
    try {
      getInstrument('DOGEUSDT');
    } catch (error) {
      expect((error as UnknownInstrumentError).code).toBe('UNKNOWN_INSTRUMENT');
    }
  });
});
