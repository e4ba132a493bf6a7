import { CSRF_COOKIE } from '@app/shared/http';
import type { Me } from '@app/shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth';
import { LocationProbe } from '../../auth/testUtils';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}
type Reply = { status?: number; body: unknown };

/**
 * Stubs fetch for the money tests: answers by "METHOD /path?query" exactly, else by
 * "METHOD /path"; a function reply sees the call (e.g. to fail once, then succeed). Every call is
 * recorded with its headers (Idempotency-Key).
 */
export function fakeApi(routes: Record<string, Reply | ((call: FakeCall) => Reply)>) {
  const calls: FakeCall[] = [];
  document.cookie = `${CSRF_COOKIE}=test-csrf`;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = { ...(init?.headers as Record<string, string> | undefined) };
    const call = { method, path, body, headers };
    calls.push(call);
    const route = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`];
    const reply =
      typeof route === 'function'
        ? route(call)
        : (route ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } });
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return calls;
}

export const testUser: Me = {
  id: 'u1',
  name: 'Jane Doe',
  email: 'jane@example.com',
  emailVerified: true,
  phone: '+1 555',
  country: 'Canada',
  referralId: 'janedoeabcde',
  referrerId: null,
  avatarUrl: null,
  isActive: true,
  activatedAt: '2025-01-02T00:00:00.000Z',
  isAdmin: false,
  isTrader: false,
  twoFactorEnabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Signs `user` in and renders `element` at `entry` (a path, or a path with navigation state). */
export function renderPage(
  element: ReactElement,
  entry: string | { pathname: string; search?: string; state?: unknown },
  routePath: string,
  user: Me = testUser,
) {
  useAuthStore.setState({ user });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(['auth', 'me'], user);
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [entry] },
  );
  return {
    router,
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}
