import {
  englishErrorMessage,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorParams,
} from '@app/shared/errors';
import { englishRule, readRule } from '@app/shared/rules';

/** The codes whose parameters are empty: `refusal(code)` needs no second argument for them. */
type CodeWithoutParams = {
  [C in ErrorCode]: Record<never, never> extends ErrorParams<C> ? C : never;
}[ErrorCode];

/**
 * A refusal the client may see: a literal code with its typed parameters and, for bad input, the
 * field that failed. The HTTP status (ERROR_STATUS) and the English message (the shared renderer)
 * follow from the code and parameters; nothing at the throw site decides them.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: number;

  constructor(
    readonly code: C,
    readonly params: ErrorParams<C>,
    readonly field?: string,
    /** Only VALIDATION_FAILED: the rule's own message (a schema's, or the HTTP layer's). */
    detail?: string,
  ) {
    super(detail ?? englishErrorMessage(code, params));
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/** `throw refusal('AMOUNT_BELOW_PLAN_MIN', { minCents }, 'amount')`. */
export function refusal<C extends CodeWithoutParams>(
  code: C,
  params?: ErrorParams<C>,
  field?: string,
): AppError<C>;
export function refusal<C extends ErrorCode>(
  code: C,
  params: ErrorParams<C>,
  field?: string,
): AppError<C>;
export function refusal<C extends ErrorCode>(
  code: C,
  params?: ErrorParams<C>,
  field?: string,
): AppError<C> {
  return new AppError(code, params ?? ({} as ErrorParams<C>), field);
}

/**
 * Input a rule refused (VALIDATION_FAILED): a schema's message names its rule (`rule(code)`), sent
 * as the rule's code and values with its English text; any other message (Fastify's own) as it is.
 */
export function invalidInput(message: string, field?: string): AppError<'VALIDATION_FAILED'> {
  const broken = readRule(message);
  if (!broken) return new AppError('VALIDATION_FAILED', {}, field, message);
  const params = { ...broken.values, rule: broken.code };
  return new AppError('VALIDATION_FAILED', params, field, englishRule(broken));
}
