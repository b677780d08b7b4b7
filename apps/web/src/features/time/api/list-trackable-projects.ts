import type { ProjectListItem } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Projects time can go on: the running and approved ones the caller works on. */
export async function listTrackableProjects(): Promise<ProjectListItem[]> {
  const pages = await Promise.all(
    (['in_progress', 'approved'] as const).map((status) => request<{ items: ProjectListItem[] }>('/projects', { query: { status, limit: 100 } })),
  );
  return pages.flatMap((page) => page.items);
}

export function useTrackableProjects(enabled = true) {
  return useQuery({ queryKey: queryKeys.time.projects, queryFn: listTrackableProjects, enabled });
}
