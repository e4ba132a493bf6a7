import {
  englishErrorMessage,
  ERROR_PARAMS,
  errorContext,
  errorValues,
  isErrorCode,
  type ErrorCode,
  type ErrorParams,
} from '@app/shared/errors';
import { i18n } from '../i18n';
import { isRuleCode } from '@app/shared/rules';
import { renderRule } from './messages';

/** The namespace of the error codes' texts (features/errors/locales), one key per code. */
export const ERRORS_NAMESPACE = 'errors';

/**
 * A refusal's text in the language on screen, from its code and parameters (the shared
 * vocabulary, packages/shared/src/errors.ts). VALIDATION_FAILED names the schema rule that broke
 * (packages/shared/src/rules.ts), rendered as the forms render it; a code or rule this build does
 * not know, or parameters that do not fit the code, keep the server's message.
 */
export function translateError(error: { code: string; params?: unknown; message: string }): string {
  const { code, message } = error;
  if (!isErrorCode(code)) return message;
  const params = ERROR_PARAMS[code].safeParse(error.params ?? {});
  if (!params.success) return message;
  if (code === 'VALIDATION_FAILED') {
    const { rule, ...values } = params.data as ErrorParams<'VALIDATION_FAILED'>;
    return isRuleCode(rule) ? renderRule({ code: rule, values }) : message;
  }
  return renderError<ErrorCode>(code, params.data);
}

/**
 * The text of a code with its parameters, in the language on screen (in English, the shared
 * renderer's words, also before the `errors` texts have loaded).
 */
export function renderError<C extends ErrorCode>(code: C, params: ErrorParams<C>): string {
  const context = errorContext(code, params);
  const key: string = code;
  if (!i18n.exists(key, { ns: ERRORS_NAMESPACE })) return englishErrorMessage(code, params);
  return i18n.t(key, {
    ns: ERRORS_NAMESPACE,
    ...errorValues(params),
    ...(context ? { context } : {}),
  });
}
