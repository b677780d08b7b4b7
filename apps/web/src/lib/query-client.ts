import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './http';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change on retry; network and 5xx failures get two more tries.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
