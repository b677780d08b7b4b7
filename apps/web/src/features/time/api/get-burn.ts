import type { Burn } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type BurnInterval = 'week' | 'month';

/** A project's spend and invoices per week or month, with the running totals to hold against the budget. */
export function getBurn(projectId: string, interval: BurnInterval): Promise<Burn> {
  return request<Burn>(`/projects/${encodeURIComponent(projectId)}/burn`, { query: { interval } });
}

export function useBurn(projectId: string, interval: BurnInterval) {
  return useQuery({ queryKey: queryKeys.time.burn(projectId, interval), queryFn: () => getBurn(projectId, interval) });
}
