import type { Me } from '@app/shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { sessionQueryKey, useAuthStore } from '../lib/auth';
import '../i18n';
import '../ui/i18n';
import { testUser } from './fixtures';

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

/** The query clients the current test made (forgotten after each test, by setup.ts). */
const testClients = new Set<QueryClient>();

/** A query client for one test: no retries, so a refused request shows its error at once. */
export function testQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  testClients.add(client);
  return client;
}

export function forgetTestQueryClients(): void {
  testClients.clear();
}

/**
 * Resolves once no query of the test is fetching and no mutation is pending, and React has
 * rendered what they answered: the event that proves a quiet state ("nothing appears", "nothing
 * is sent") instead of a wait for time. Testing Library's `waitFor` rather than `eventually`: it
 * runs in `act` and lets the query client's batched notifications render before it returns.
 */
export async function requestsSettled(): Promise<void> {
  await waitFor(() => {
    for (const client of testClients) {
      if (client.isFetching() > 0 || client.isMutating() > 0) throw new Error('still in flight');
    }
  });
}

type Entry = string | { pathname: string; search?: string; state?: unknown };

/**
 * Renders `element` at `entry` (matched by `routePath`) inside a memory router and `queryClient`;
 * any other path renders `otherwise` (by default a probe showing the location).
 */
export function renderRoute(
  element: ReactElement,
  {
    entry,
    routePath,
    otherwise = <LocationProbe />,
    queryClient = testQueryClient(),
  }: { entry: Entry; routePath: string; otherwise?: ReactNode; queryClient?: QueryClient },
) {
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '*', element: otherwise },
    ],
    { initialEntries: [entry] },
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

/** Renders `element` at `path` (query and all); other paths render the location probe. */
export function renderAt(
  path: string,
  element: ReactElement,
  routePath = path.split('?')[0] ?? path,
) {
  return renderRoute(element, { entry: path, routePath });
}

/** A public page or section at `path` (served at '/'); other paths say "other page". */
export function renderPublic(ui: ReactElement, path = '/') {
  return renderRoute(ui, { entry: path, routePath: '/', otherwise: <p>other page</p> });
}

/** Signs `user` in and renders `element` at `entry` (a path, or a path with navigation state). */
export function renderSignedIn(
  element: ReactElement,
  entry: Entry,
  routePath: string,
  user: Me = testUser,
) {
  useAuthStore.setState({ user });
  const queryClient = testQueryClient();
  queryClient.setQueryData(sessionQueryKey, user);
  return renderRoute(element, { entry, routePath, queryClient });
}
