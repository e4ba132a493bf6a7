import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { type createBrowserRouter } from 'react-router';
// The DOM's provider: it carries out a navigation's `flushSync` (the directory's controls read
// the address, so a checkbox changes with the click, not after the navigation).
import { RouterProvider } from 'react-router/dom';
import { releaseServerHtml } from '../lib/prerender';

/** The providers around every page, in the browser and in the server's rendering alike. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StrictMode>
  );
}

export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  // Runs once the first render is committed: the page now answers (see releaseServerHtml).
  useEffect(releaseServerHtml, []);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
