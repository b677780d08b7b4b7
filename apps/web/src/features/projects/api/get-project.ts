import type { Project } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getProject(id: string): Promise<{ project: Project }> {
  return request<{ project: Project }>(`/projects/${encodeURIComponent(id)}`);
}

export function useProject(id: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.projects.detail(id),
    enabled,
    queryFn: () => getProject(id),
    // Attachment links are signed and short-lived: fetch them fresh whenever the project is opened.
    staleTime: 0,
  });
}
