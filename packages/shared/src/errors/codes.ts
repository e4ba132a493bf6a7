import type { z } from 'zod';
import { ACCESS_ERROR_PARAMS, SIGN_IN_PROVIDER_ERROR_PARAMS } from './params/access';
import { CHAIN_ERROR_PARAMS } from './params/chain';
import { PRACTICE_ERROR_PARAMS } from './params/practice';
import { APPROPRIATENESS_ERROR_PARAMS, VERIFICATION_ERROR_PARAMS } from './params/account-review';
import { MONEY_ERROR_PARAMS } from './params/money';
import { REQUEST_ERROR_PARAMS } from './params/request';
import { STATEMENT_ERROR_PARAMS } from './params/statements';
import {
  LEAD_TRADER_ERROR_PARAMS,
  STRATEGY_TERMS_ERROR_PARAMS,
  TRADING_ERROR_PARAMS,
} from './params/trading';
import { USER_ERROR_PARAMS } from './params/users';

/**
 * Every code and the zod schema of its parameters, one area a file (params/). The order is the
 * published one (the OpenAPI document's ErrorCode enum lists the codes in it).
 */
export const ERROR_PARAMS = {
  ...REQUEST_ERROR_PARAMS,
  ...ACCESS_ERROR_PARAMS,
  ...SIGN_IN_PROVIDER_ERROR_PARAMS,
  ...USER_ERROR_PARAMS,
  ...MONEY_ERROR_PARAMS,
  ...TRADING_ERROR_PARAMS,
  ...LEAD_TRADER_ERROR_PARAMS,
  ...VERIFICATION_ERROR_PARAMS,
  ...APPROPRIATENESS_ERROR_PARAMS,
  ...STRATEGY_TERMS_ERROR_PARAMS,
  ...STATEMENT_ERROR_PARAMS,
  ...CHAIN_ERROR_PARAMS,
  ...PRACTICE_ERROR_PARAMS,
} as const;

export type ErrorCode = keyof typeof ERROR_PARAMS;
export type ErrorParams<C extends ErrorCode> = z.infer<(typeof ERROR_PARAMS)[C]>;
export const ERROR_CODES = Object.keys(ERROR_PARAMS) as ErrorCode[];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_PARAMS, code);
}
