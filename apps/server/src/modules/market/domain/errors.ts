/** Market-data rules that a caller broke; each carries a literal code for the HTTP error mapper. */
export abstract class MarketDomainError extends Error {
  abstract readonly code: string;
}

export class UnknownInstrumentError extends MarketDomainError {
  readonly code = 'UNKNOWN_INSTRUMENT' as const;
  constructor(readonly symbol: string) {
    super(`Unknown instrument: ${symbol}`);
    this.name = 'UnknownInstrumentError';
  }
}
