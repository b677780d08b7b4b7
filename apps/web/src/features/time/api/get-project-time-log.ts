import type { ProjectTimeLog } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** A project's approved and billed time as its client reads it, newest first (404 until staff share it). */
export function getProjectTimeLog(projectId: string): Promise<ProjectTimeLog> {
  return request<ProjectTimeLog>(`/projects/${encodeURIComponent(projectId)}/time-log`, { query: { limit: 100 } });
}

export function useProjectTimeLog(projectId: string) {
  return useQuery({ queryKey: queryKeys.time.timeLog(projectId), queryFn: () => getProjectTimeLog(projectId), retry: false });
}
