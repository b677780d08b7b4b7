import type { Profitability } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** A project's budget against its cost, expenses, invoiced and paid, with the budget warning. */
export function getProfitability(projectId: string): Promise<Profitability> {
  return request<Profitability>(`/projects/${encodeURIComponent(projectId)}/profitability`);
}

export function useProfitability(projectId: string) {
  return useQuery({ queryKey: queryKeys.time.profitability(projectId), queryFn: () => getProfitability(projectId) });
}
