import type { ProjectProgress } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getProjectProgress(projectId: string): Promise<ProjectProgress> {
  return request<ProjectProgress>(`/projects/${encodeURIComponent(projectId)}/progress`);
}

export function useProjectProgress(projectId: string) {
  return useQuery({ queryKey: queryKeys.board.progress(projectId), queryFn: () => getProjectProgress(projectId) });
}
