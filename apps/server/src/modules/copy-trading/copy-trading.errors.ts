import { MarketDomainError } from '../market/domain';
import { TradingDomainError } from './domain';

export interface MappedError {
  status: number;
  code: string;
  message: string;
  field?: string;
}

/** How each copy-trading domain error reaches the client: status, literal code, safe message, field. */
const MAPPING: Record<string, { status: number; message?: string; field?: string }> = {
  UNKNOWN_INSTRUMENT: { status: 400, field: 'symbol' },
  WEIGHT_OVER_100: { status: 400, field: 'targetWeight' },
  INVALID_WEIGHT: {
    status: 400,
    field: 'targetWeight',
    message: 'Target weight must be a percentage from 0 to 100',
  },
  INVALID_AMOUNT: { status: 400, field: 'amount', message: 'Amount is required' },
  STOP_LOSS_OUT_OF_RANGE: { status: 400, field: 'stopLossPct' },
  FEE_PCT_OUT_OF_RANGE: { status: 400, field: 'performanceFeePct' },
  NO_PROFIT_TO_CLAIM: { status: 409 },
  STRATEGY_EQUITY_NOT_POSITIVE: { status: 409 },
  NAV_NOT_POSITIVE: { status: 409, message: 'This strategy cannot take new money right now' },
  INSUFFICIENT_UNITS: { status: 409, message: 'This trade cannot be redeemed right now' },
  PRICE_UNAVAILABLE: {
    status: 503,
    message: 'Market prices are not available right now. Please try again in a moment.',
  },
};

/** For the one error handler: the HTTP answer of a market or trading domain error, else null. */
export function mapTradingError(error: unknown): MappedError | null {
  if (!(error instanceof TradingDomainError) && !(error instanceof MarketDomainError)) return null;
  const mapping = MAPPING[error.code];
  if (!mapping) return { status: 400, code: error.code, message: error.message };
  return {
    status: mapping.status,
    code: error.code,
    message: mapping.message ?? error.message,
    ...(mapping.field ? { field: mapping.field } : {}),
  };
}
