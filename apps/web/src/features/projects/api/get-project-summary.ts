import type { ProjectSummary } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getProjectSummary(): Promise<ProjectSummary> {
  return request<ProjectSummary>('/projects/summary');
}

export function useProjectSummary() {
  return useQuery({ queryKey: queryKeys.projects.summary, queryFn: getProjectSummary, staleTime: 0 });
}

/** How many projects wait for approval, for the super admin's navigation badge. */
export function usePendingProjectCount(): number {
  return useProjectSummary().data?.pending ?? 0;
}
