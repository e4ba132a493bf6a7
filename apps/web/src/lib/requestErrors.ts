import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api';
import { renderError } from './errors';

/** The message to show for a failed request: the server's safe message, or a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return renderError('INTERNAL', {});
}

/**
 * When the server names the field that failed (`error.field`), put its message on that form field.
 * Returns true when it did, so the caller knows the message is already on screen.
 */
export function applyFieldError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiRequestError) || !error.field) return false;
  const field = fields.find((name) => name === error.field);
  if (!field) return false;
  setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
  return true;
}

/**
 * A failed request's message on a form that shows every refusal at a field: on the field the
 * server named (one of `fields`), else on `fallback` (e.g. a one-time code's field).
 */
export function showErrorOnForm<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: Path<T>,
  options?: { shouldFocus: boolean },
): void {
  if (applyFieldError(error, setError, fields)) return;
  setError(fallback, { type: 'server', message: errorMessage(error) }, options);
}
