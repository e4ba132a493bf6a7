import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { INTERNAL_ERROR_ENGLISH } from '@app/shared/http';
import { i18n } from '../i18n';
import { ApiRequestError } from './api';

/**
 * The message to show for a failed request: the server's safe message (already in the reader's
 * language), or INTERNAL's. Without the error vocabulary (its zod schemas stay out of the first
 * load): INTERNAL has no parameters, so its text is read directly.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return i18n.t('INTERNAL', { ns: 'errors', defaultValue: INTERNAL_ERROR_ENGLISH });
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
 * A failed request's message in a toast, and on the field the server named too (one of
 * `fields`), where the user fixes it.
 */
export function toastAndMarkField<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  toast.error(errorMessage(error));
  applyFieldError(error, setError, fields);
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
