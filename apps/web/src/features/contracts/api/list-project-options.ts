import type { ProjectListItem } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The newest projects, for the contract list's project and client filters. */
export function listProjectOptions(): Promise<{ items: ProjectListItem[] }> {
  return request<{ items: ProjectListItem[] }>('/projects', { query: { limit: 100 } });
}

export function useProjectOptions() {
  return useQuery({ queryKey: [...queryKeys.projects.all, 'contract-filter-options'], queryFn: listProjectOptions, select: (page) => page.items });
}
