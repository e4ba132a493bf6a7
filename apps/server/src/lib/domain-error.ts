import { englishErrorMessage, type ErrorCode, type ErrorParams } from '@app/shared/errors';

/**
 * A rule of the domain that a request broke, as plain data: the shared refusal code, its typed
 * parameters and the input field it concerns. Pure code throws it without knowing HTTP; the one
 * error handler answers any of them as the refusal of its code (status and message follow from
 * the code, as for every refusal).
 */
export abstract class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly code: C,
    readonly params: ErrorParams<C>,
    readonly field?: string,
  ) {
    super(englishErrorMessage(code, params));
    this.name = new.target.name;
  }
}
