import { BOARD_READABLE_STATUSES, type ProjectListItem } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The projects that have a board: the ones the caller works on (staff: all), newest first, at most 100. */
export async function listBoardProjects(): Promise<ProjectListItem[]> {
  const page = await request<{ items: ProjectListItem[] }>('/projects', { query: { limit: 100 } });
  return page.items.filter((p) => BOARD_READABLE_STATUSES.includes(p.status));
}

export function useBoardProjects() {
  return useQuery({ queryKey: queryKeys.board.projects, queryFn: listBoardProjects });
}
