import type { ProjectListItem, ProjectStatus } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Boards worth opening: running ones first, then approved (not started), then completed (read-only). */
const BOARD_STATUSES: readonly ProjectStatus[] = ['in_progress', 'approved', 'completed'];

/** The projects with a board that the caller may open: the ones they work on (staff: all), newest first in each status. */
export async function listBoardProjects(): Promise<ProjectListItem[]> {
  const pages = await Promise.all(
    BOARD_STATUSES.map((status) => request<{ items: ProjectListItem[] }>('/projects', { query: { status, limit: 100 } })),
  );
  return pages.flatMap((page) => page.items);
}

export function useBoardProjects() {
  return useQuery({ queryKey: queryKeys.board.projects, queryFn: listBoardProjects });
}
