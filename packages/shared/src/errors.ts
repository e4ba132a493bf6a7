/**
 * Every refusal the API answers with: a literal code and its typed parameters. The server throws
 * `refusal(code, params)`; the HTTP status comes from ERROR_STATUS, the English message from
 * ERROR_ENGLISH (the seed's sentences, word for word) and the web renders the same code and
 * parameters through i18n in every language. A new code is added to its area's parameters
 * (errors/params/), to ERROR_STATUS and ERROR_ENGLISH (the types refuse a table without it) and to
 * every web locale (a test refuses a missing one). This file is the package's `@app/shared/errors`.
 */
export {
  ERROR_CODES,
  ERROR_PARAMS,
  isErrorCode,
  type ErrorCode,
  type ErrorParams,
} from './errors/codes';
export { ERROR_STATUS } from './errors/status';
export { ERROR_ENGLISH, ERROR_ENGLISH_CONTEXTS } from './errors/english';
export {
  englishErrorMessage,
  errorContext,
  errorValues,
  formatPlanAmount,
  type ParamValues,
} from './errors/render';
export { apiErrorSchema, errorCodeSchema, type ApiError } from './errors/api-error';
export { fillTemplate } from './template';
