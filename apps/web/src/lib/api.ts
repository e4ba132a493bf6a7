import {
  CSRF_COOKIE,
  CSRF_HEADER,
  IDEMPOTENCY_HEADER,
  INTERNAL_ERROR_ENGLISH,
} from '@app/shared/http';
import type { ApiError } from '@app/shared/errors';

/**
 * An API failure: the server's code and parameters, its message in the reader's language
 * (rendered from the code and parameters by translateError) and, for bad input, the field that
 * failed.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly params?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * How requests reach the API: the browser's fetch, or, when the server renders a public page
 * (entry-server), a call into the server itself.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** The cookie's token, read at each request: the server rotates it at sign-in and sign-out. */
async function csrfToken(options: { fresh: boolean }): Promise<string> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing && !options.fresh) return existing;
  await fetch('/api/auth/csrf', { credentials: 'same-origin' });
  return readCookie(CSRF_COOKIE) ?? '';
}

/** The error of a failed answer, as sent: its code is a text until translateError checks it. */
type SentError = Partial<Omit<ApiError['error'], 'code'> & { code: string }>;

function errorOf(payload: unknown): SentError | undefined {
  return (payload as { error?: SentError } | null)?.error;
}

/**
 * The error of a failed answer's JSON body: its code and parameters, rendered in the reader's
 * language (an answer without a body counts as INTERNAL). The vocabulary that renders it (with
 * the zod schemas of every code's parameters) is fetched with the first refusal, not with the
 * page: it would be a sixth of the first load's JavaScript.
 */
export async function refusalOf(status: number, payload: unknown): Promise<ApiRequestError> {
  const { translateError } = await import('./errors');
  const error = errorOf(payload);
  const code = error?.code ?? 'INTERNAL';
  const message = translateError({
    code,
    params: error?.params,
    message: error?.message ?? INTERNAL_ERROR_ENGLISH,
  });
  return new ApiRequestError(status, code, message, error?.field, error?.params);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** JSON-encoded, unless it is a FormData (a file upload, sent as multipart/form-data). */
  body?: unknown;
  /** Money operations send one key per user intent, so a retried request books once. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export async function apiRequest<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  const send = async (freshToken: boolean) => {
    if (method !== 'GET') headers[CSRF_HEADER] = await csrfToken({ fresh: freshToken });
    return transport(path, {
      method,
      headers,
      credentials: 'same-origin',
      body:
        options.body === undefined
          ? null
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  };

  let response = await send(false);
  let payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  // A token from before the session changed (signed in or out in another tab, expired): the
  // server refused before doing anything, so asking once more with a fresh token is safe.
  if (response.status === 403 && errorOf(payload)?.code === 'CSRF_REJECTED') {
    response = await send(true);
    payload = response.status === 204 ? null : await response.json().catch(() => null);
  }
  if (response.status === 204) return undefined as T;
  if (!response.ok) throw await refusalOf(response.status, payload);
  return payload as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>('GET', path, { signal }),
  post: <T>(path: string, body?: unknown, idempotencyKey?: string) =>
    apiRequest<T>('POST', path, { body: body ?? {}, idempotencyKey }),
  postForm: <T>(path: string, form: FormData) => apiRequest<T>('POST', path, { body: form }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, { body: body ?? {} }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
