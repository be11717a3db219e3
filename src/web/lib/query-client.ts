import { QueryClient } from '@tanstack/react-query';
import { QUERY_FRESH_MS } from '../../shared/constants.ts';
import { ApiError } from './api-client.ts';

/** Reads retry up to 3 times, 1 s doubled per attempt, capped at 30 s; writes never retry (doc 1 §7). */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_FRESH_MS,
        // A 4xx will not change by asking again; only transient failures are retried.
        retry: (failureCount, error) => failureCount < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
}
