import type { Timer } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The caller's running timer, or null: kept by the server, so it is there again after a reload. */
export async function getCurrentTimer(): Promise<Timer | null> {
  return (await request<{ timer: Timer | null }>('/timers/current')).timer;
}

export function useCurrentTimer(enabled = true) {
  return useQuery({ queryKey: queryKeys.time.timer, queryFn: getCurrentTimer, enabled, staleTime: 30_000 });
}
