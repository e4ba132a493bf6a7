import { ERROR_CODES, ERROR_STATUS } from '@app/shared/errors';
import { describe, expect, it } from 'vitest';
import {
  NoProfitToClaimError,
  OrderUnknownInstrumentError,
  WeightOver100Error,
} from '../modules/copy-trading/domain';
import { domainRefusal, errorBody } from './error-handler';
import { AppError, invalidInput, refusal } from './errors';

describe('a refusal', () => {
  it('takes its status from the shared table, for every code', () => {
    for (const code of ERROR_CODES) {
      const refused = new AppError(code, {});
      expect(refused.status, code).toBe(ERROR_STATUS[code]);
    }
  });

  it('is answered with its code, parameters, English message and field', () => {
    expect(errorBody(refusal('AMOUNT_BELOW_PLAN_MIN', { minCents: 100_050 }, 'amount'))).toEqual({
      error: {
        code: 'AMOUNT_BELOW_PLAN_MIN',
        params: { minCents: 100_050 },
        message: 'Amount must be greater than or equal to $1,000.50',
        field: 'amount',
      },
    });
    // A code without parameters answers without `params`, as before codes had any.
    expect(errorBody(refusal('NO_OPEN_TRADE'))).toEqual({
      error: { code: 'NO_OPEN_TRADE', message: 'You have no open trade' },
    });
    expect(errorBody(invalidInput('Full name is required', 'name'))).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Full name is required', field: 'name' },
    });
  });

  it('carries the code, parameters and field of a domain error', () => {
    expect(
      errorBody(domainRefusal(new OrderUnknownInstrumentError('DOGEUSDT')) ?? refusal('INTERNAL')),
    ).toEqual({
      error: {
        code: 'UNKNOWN_INSTRUMENT',
        params: { symbol: 'DOGEUSDT' },
        message: 'Unknown instrument: DOGEUSDT',
        field: 'symbol',
      },
    });
    expect(domainRefusal(new WeightOver100Error('120.5'))?.params).toEqual({
      grossWeightPct: '120.5',
    });
    expect(domainRefusal(new NoProfitToClaimError())?.status).toBe(409);
    expect(domainRefusal(new Error('not a domain error'))).toBeNull();
  });
});
