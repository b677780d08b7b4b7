import type { ProjectEvent } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getProjectActivity(id: string): Promise<{ items: ProjectEvent[] }> {
  return request<{ items: ProjectEvent[] }>(`/projects/${encodeURIComponent(id)}/activity`);
}

export function useProjectActivity(id: string) {
  return useQuery({ queryKey: queryKeys.projects.activity(id), queryFn: () => getProjectActivity(id), staleTime: 0 });
}
