import { ERROR_ENGLISH } from '@app/shared/errors';
import { englishMessage } from '@app/shared/rules';
import { TRADE_MESSAGES } from '@app/shared/schemas/trades';

/**
 * Copy-trading rules a request broke. Each error carries a literal code; the HTTP layer maps
 * codes to statuses and safe messages in one place.
 */
export abstract class TradingDomainError extends Error {
  abstract readonly code: string;
}

export class WeightOver100Error extends TradingDomainError {
  readonly code = 'WEIGHT_OVER_100' as const;
  constructor(readonly grossWeightPct: string) {
    super(`Total gross weight would be ${grossWeightPct}%, above 100% of the strategy's equity`);
    this.name = 'WeightOver100Error';
  }
}

export class InvalidWeightError extends TradingDomainError {
  readonly code = 'INVALID_WEIGHT' as const;
  constructor(readonly weight: string) {
    super(`Target weight must be a decimal between 0 and 1, got ${weight}`);
    this.name = 'InvalidWeightError';
  }
}

export class PriceUnavailableError extends TradingDomainError {
  readonly code = 'PRICE_UNAVAILABLE' as const;
  constructor(readonly symbol: string) {
    super(`No market price for ${symbol}`);
    this.name = 'PriceUnavailableError';
  }
}

export class EquityNotPositiveError extends TradingDomainError {
  readonly code = 'STRATEGY_EQUITY_NOT_POSITIVE' as const;
  constructor() {
    super('The strategy has no equity to open or grow a position with');
    this.name = 'EquityNotPositiveError';
  }
}

/** A lead trader's order that would leave the strategy exactly as it is (nothing to fill). */
export class OrderChangesNothingError extends TradingDomainError {
  readonly code = 'ORDER_CHANGES_NOTHING' as const;
  constructor(readonly symbol: string) {
    super(`The order would not change the ${symbol} position`);
    this.name = 'OrderChangesNothingError';
  }
}

export class InvalidAmountError extends TradingDomainError {
  readonly code = 'INVALID_AMOUNT' as const;
  constructor() {
    super('Amount must be a positive whole number of cents');
    this.name = 'InvalidAmountError';
  }
}

export class NavNotPositiveError extends TradingDomainError {
  readonly code = 'NAV_NOT_POSITIVE' as const;
  constructor() {
    super('Units cannot be bought while the NAV is not positive');
    this.name = 'NavNotPositiveError';
  }
}

export class InsufficientUnitsError extends TradingDomainError {
  readonly code = 'INSUFFICIENT_UNITS' as const;
  constructor() {
    super('Cannot redeem more units than are outstanding');
    this.name = 'InsufficientUnitsError';
  }
}

export class StopLossOutOfRangeError extends TradingDomainError {
  readonly code = 'STOP_LOSS_OUT_OF_RANGE' as const;
  constructor() {
    super(englishMessage(TRADE_MESSAGES.stopLoss));
    this.name = 'StopLossOutOfRangeError';
  }
}

export class FeePctOutOfRangeError extends TradingDomainError {
  readonly code = 'FEE_PCT_OUT_OF_RANGE' as const;
  constructor() {
    super('Performance fee must be a percentage from 0 to 100');
    this.name = 'FeePctOutOfRangeError';
  }
}

/** The seed's exact message for claiming without profit. */
export const NO_PROFIT_TO_CLAIM_MESSAGE = ERROR_ENGLISH.NO_PROFIT_TO_CLAIM;

export class NoProfitToClaimError extends TradingDomainError {
  readonly code = 'NO_PROFIT_TO_CLAIM' as const;
  constructor() {
    super(NO_PROFIT_TO_CLAIM_MESSAGE);
    this.name = 'NoProfitToClaimError';
  }
}
