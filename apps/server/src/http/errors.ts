import type { ErrorCode } from '@app/shared/schemas/common';

/** A failure the client may see: a literal code, an HTTP status and a safe message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError('VALIDATION_FAILED', 400, message, field);
export const unauthenticated = (message = 'Please log in to continue') =>
  new AppError('UNAUTHENTICATED', 401, message);
export const forbidden = (message = 'You do not have permission to do that') =>
  new AppError('FORBIDDEN', 403, message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', 404, message);
export const conflict = (message: string, field?: string) =>
  new AppError('CONFLICT', 409, message, field);
