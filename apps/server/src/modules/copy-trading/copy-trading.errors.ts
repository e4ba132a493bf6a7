import { STOP_LOSS_PCT } from '@app/shared/schemas/trades';
import { refusal, type AppError } from '../../http/errors';
import { MarketDomainError } from '../market/domain';
import {
  EquityNotPositiveError,
  FeePctOutOfRangeError,
  InsufficientUnitsError,
  InvalidAmountError,
  InvalidWeightError,
  NavNotPositiveError,
  NoProfitToClaimError,
  OrderChangesNothingError,
  PriceUnavailableError,
  StopLossOutOfRangeError,
  TradingDomainError,
  WeightOver100Error,
} from './domain';
import { UnknownInstrumentError } from '../market/domain';

/**
 * For the one error handler: a market or copy-trading domain error (pure, without HTTP) as the
 * refusal the client sees, with its code, parameters and the input field it concerns; else null.
 */
export function tradingRefusal(error: unknown): AppError | null {
  if (!(error instanceof TradingDomainError) && !(error instanceof MarketDomainError)) return null;
  if (error instanceof UnknownInstrumentError) {
    return refusal('UNKNOWN_INSTRUMENT', { symbol: error.symbol }, 'symbol');
  }
  if (error instanceof WeightOver100Error) {
    return refusal('WEIGHT_OVER_100', { grossWeightPct: error.grossWeightPct }, 'targetWeight');
  }
  if (error instanceof OrderChangesNothingError) {
    return refusal('ORDER_CHANGES_NOTHING', { symbol: error.symbol }, 'targetWeight');
  }
  if (error instanceof InvalidWeightError) return refusal('INVALID_WEIGHT', {}, 'targetWeight');
  if (error instanceof InvalidAmountError) return refusal('INVALID_AMOUNT', {}, 'amount');
  if (error instanceof StopLossOutOfRangeError) {
    const params = { minPct: STOP_LOSS_PCT.min, maxPct: STOP_LOSS_PCT.max };
    return refusal('STOP_LOSS_OUT_OF_RANGE', params, 'stopLossPct');
  }
  if (error instanceof FeePctOutOfRangeError) {
    return refusal('FEE_PCT_OUT_OF_RANGE', {}, 'performanceFeePct');
  }
  if (error instanceof NoProfitToClaimError) return refusal('NO_PROFIT_TO_CLAIM');
  if (error instanceof EquityNotPositiveError) return refusal('STRATEGY_EQUITY_NOT_POSITIVE');
  if (error instanceof NavNotPositiveError) return refusal('NAV_NOT_POSITIVE');
  if (error instanceof InsufficientUnitsError) return refusal('INSUFFICIENT_UNITS');
  if (error instanceof PriceUnavailableError) return refusal('PRICE_UNAVAILABLE');
  return null;
}
