/** Header names shared by the client and the server. */
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'sid';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The English of INTERNAL (errors.ts takes it from here): what a page says of a failure it cannot
 * name, before or without the error vocabulary, which is loaded with the first refusal.
 */
export const INTERNAL_ERROR_ENGLISH = 'Something went wrong. Please try again.';
