import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LocationProbe } from '../../auth/testUtils';

export interface RecordedCall {
  method: string;
  /** Path and query, as requested. */
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body: unknown };
type Handler = (call: RecordedCall) => Reply | undefined;

/**
 * A fetch stub for the back office: `handle` answers by method and path (query ignored, readable
 * from `call.query`); anything it does not answer gets a 404. Every call is recorded with its
 * headers (Idempotency-Key) and parsed body.
 */
export function stubApi(handle: Handler) {
  const calls: RecordedCall[] = [];
  const fetchStub = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries((init?.headers ?? {}) as Record<string, string>)) {
      headers[key.toLowerCase()] = value;
    }
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers,
    };
    calls.push(call);
    const reply =
      call.path === '/api/auth/csrf'
        ? { body: {} }
        : (handle(call) ?? {
            status: 404,
            body: { error: { code: 'NOT_FOUND', message: 'Not found' } },
          });
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { fetchStub, calls };
}

/** Renders `element` at `path` (matched by `routePath`) with a fresh query client. */
export function renderPage(path: string, routePath: string, element: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  return {
    queryClient,
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

export const jane = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+1 555 0100',
  country: 'Germany',
  referralId: 'janedoeab12c',
  referrerId: null,
  avatarUrl: null,
  isActive: true,
  isAdmin: false,
  isTrader: false,
  emailVerified: true,
  twoFactorEnabled: false,
  deleted: false,
  createdAt: '2026-01-02T10:00:00.000Z',
  activatedAt: '2026-01-03T10:00:00.000Z',
};
