import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import '../../i18n';

/** Shows where the router ended up, for redirect assertions. */
export function LocationProbe() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return (
    <p data-testid="location" data-from={from}>
      {location.pathname + location.search}
    </p>
  );
}

/**
 * Renders `element` at `path` inside a memory router and a fresh query client; other paths render
 * a probe showing the location.
 */
export function renderAt(path: string, element: ReactElement, routePath = path.split('?')[0]) {
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

/** A fetch stub answering JSON by "METHOD path" (after `delayMs`); anything unlisted answers 404. */
export function stubFetch(
  routes: Record<string, { status?: number; body: unknown; delayMs?: number }>,
) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchStub = (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    const status = route?.status ?? (route ? 200 : 404);
    const payload = route?.body ?? { error: { code: 'NOT_FOUND', message: 'Not found' } };
    const response = new Response(JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
    return new Promise<Response>((resolve) =>
      setTimeout(() => resolve(response), route?.delayMs ?? 0),
    );
  };
  return { fetchStub, calls };
}
