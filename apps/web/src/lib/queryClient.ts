import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api';

/** Seed: retry 3 times with exponential back-off from 1 s to 30 s; cache kept 5 minutes. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        failureCount < 3 && !(error instanceof ApiRequestError && error.status < 500),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      gcTime: 5 * 60 * 1000,
      staleTime: 10_000,
      refetchOnWindowFocus: true,
    },
  },
});
