import { CSRF_COOKIE } from '@app/shared/http';
import { vi } from 'vitest';

/** A JSON answer, as the server sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface Reply {
  status?: number;
  body: unknown;
  /** Answer after this many milliseconds (through a timer; without it, at once). */
  delayMs?: number;
}

/** One request as fetch saw it. */
interface Request {
  method: string;
  /** Path and query, as requested. */
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

const NOT_FOUND: Reply = {
  status: 404,
  body: { error: { code: 'NOT_FOUND', message: 'Not found' } },
};

/**
 * The one fetch stand-in the helpers below share: reads each request's method, URL, headers and
 * JSON body, asks `answer` for the reply (nothing means 404) and sends it as JSON.
 */
function fetchStub(answer: (request: Request) => Reply | undefined) {
  return (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request: Request = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    const reply = answer(request) ?? NOT_FOUND;
    const response = jsonResponse(reply.status ?? 200, reply.body);
    if (reply.delayMs === undefined) return Promise.resolve(response);
    return new Promise<Response>((resolve) => setTimeout(() => resolve(response), reply.delayMs));
  };
}

/** A fetch stub answering JSON by "METHOD path" exactly (after `delayMs`); anything unlisted answers 404. */
export function stubFetch(routes: Record<string, Reply>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const stub = fetchStub(({ method, url, body }) => {
    calls.push({ method, path: url, body });
    return { delayMs: 0, ...(routes[`${method} ${url}`] ?? NOT_FOUND) };
  });
  return { fetchStub: stub, calls };
}

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Stubs fetch for the money tests: answers by "METHOD /path?query" exactly, else by
 * "METHOD /path"; a function reply sees the call (e.g. to fail once, then succeed). Every call is
 * recorded with its headers (Idempotency-Key).
 */
export function fakeApi(routes: Record<string, Reply | ((call: FakeCall) => Reply)>) {
  const calls: FakeCall[] = [];
  document.cookie = `${CSRF_COOKIE}=test-csrf`;
  vi.stubGlobal(
    'fetch',
    fetchStub(({ method, url, body, headers }) => {
      const call = { method, path: url, body, headers };
      calls.push(call);
      const route = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
      return typeof route === 'function' ? route(call) : route;
    }),
  );
  return calls;
}

export interface RecordedCall {
  method: string;
  /** Path and query, as requested. */
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** Header names in lower case. */
  headers: Record<string, string>;
}

/**
 * A fetch stub for the back office: `handle` answers by method and path (query ignored, readable
 * from `call.query`); anything it does not answer gets a 404. Every call is recorded with its
 * headers (Idempotency-Key) and parsed body.
 */
export function stubApi(handle: (call: RecordedCall) => Reply | undefined) {
  const calls: RecordedCall[] = [];
  const stub = fetchStub(({ method, url, body, headers }) => {
    const parsed = new URL(url, 'http://localhost');
    const call: RecordedCall = {
      method,
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      body,
      headers: Object.fromEntries(
        Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]),
      ),
    };
    calls.push(call);
    return call.path === '/api/auth/csrf' ? { body: {} } : handle(call);
  });
  return { fetchStub: stub, calls };
}

/**
 * A fetch stub answering every request with a fresh `reply()` (any response: a file, an error);
 * returns the URLs requested, in order, as they come.
 */
export function stubFetchAnswering(reply: () => Response): string[] {
  const urls: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return Promise.resolve(reply());
  });
  return urls;
}
