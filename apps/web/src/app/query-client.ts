import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../lib/http';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A refusal (a 4xx code) will not change on retry; network failures and the server's own errors get two more tries.
  return isRetryable(error) && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
