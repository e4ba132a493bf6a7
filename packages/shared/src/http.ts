/** Header names shared by the client and the server. */
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'sid';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
