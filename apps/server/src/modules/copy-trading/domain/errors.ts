import { STOP_LOSS_PCT } from '@app/shared/schemas/trades';
import { DomainError } from '../../../lib/domain-error';

/**
 * Copy-trading rules a request broke. Each error is a shared refusal code with its parameters and
 * the input field it concerns; the HTTP error handler answers them all the same way.
 */
export class WeightOver100Error extends DomainError<'WEIGHT_OVER_100'> {
  constructor(grossWeightPct: string) {
    super('WEIGHT_OVER_100', { grossWeightPct }, 'targetWeight');
  }
}

export class InvalidWeightError extends DomainError<'INVALID_WEIGHT'> {
  constructor() {
    super('INVALID_WEIGHT', {}, 'targetWeight');
  }
}

/** An order naming an instrument the market does not list. */
export class OrderUnknownInstrumentError extends DomainError<'UNKNOWN_INSTRUMENT'> {
  constructor(symbol: string) {
    super('UNKNOWN_INSTRUMENT', { symbol }, 'symbol');
  }
}

/** A position or order whose instrument has no usable price (logged by callers that skip it). */
export class PriceUnavailableError extends DomainError<'PRICE_UNAVAILABLE'> {
  constructor(readonly symbol: string) {
    super('PRICE_UNAVAILABLE', {});
  }
}

export class EquityNotPositiveError extends DomainError<'STRATEGY_EQUITY_NOT_POSITIVE'> {
  constructor() {
    super('STRATEGY_EQUITY_NOT_POSITIVE', {});
  }
}

/** A lead trader's order that would leave the strategy exactly as it is (nothing to fill). */
export class OrderChangesNothingError extends DomainError<'ORDER_CHANGES_NOTHING'> {
  constructor(symbol: string) {
    super('ORDER_CHANGES_NOTHING', { symbol }, 'targetWeight');
  }
}

export class InvalidAmountError extends DomainError<'INVALID_AMOUNT'> {
  constructor() {
    super('INVALID_AMOUNT', {}, 'amount');
  }
}

export class NavNotPositiveError extends DomainError<'NAV_NOT_POSITIVE'> {
  constructor() {
    super('NAV_NOT_POSITIVE', {});
  }
}

export class InsufficientUnitsError extends DomainError<'INSUFFICIENT_UNITS'> {
  constructor() {
    super('INSUFFICIENT_UNITS', {});
  }
}

export class StopLossOutOfRangeError extends DomainError<'STOP_LOSS_OUT_OF_RANGE'> {
  constructor() {
    super(
      'STOP_LOSS_OUT_OF_RANGE',
      { minPct: STOP_LOSS_PCT.min, maxPct: STOP_LOSS_PCT.max },
      'stopLossPct',
    );
  }
}

export class FeePctOutOfRangeError extends DomainError<'FEE_PCT_OUT_OF_RANGE'> {
  constructor() {
    super('FEE_PCT_OUT_OF_RANGE', {}, 'performanceFeePct');
  }
}

export class NoProfitToClaimError extends DomainError<'NO_PROFIT_TO_CLAIM'> {
  constructor() {
    super('NO_PROFIT_TO_CLAIM', {});
  }
}
