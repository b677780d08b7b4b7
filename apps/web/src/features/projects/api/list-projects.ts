import type { ProjectListItem, ProjectStatus } from '@agency/schema';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const PROJECTS_PAGE_SIZE = 20;

export type ProjectFilters = { status?: ProjectStatus; q?: string; order?: 'newest' | 'oldest' };
export type ProjectPage = { items: ProjectListItem[]; next_cursor: string | null };

export function listProjects(filters: ProjectFilters, cursor?: string, limit = PROJECTS_PAGE_SIZE): Promise<ProjectPage> {
  return request<ProjectPage>('/projects', { query: { ...filters, cursor, limit } });
}

export function useProjects(filters: ProjectFilters, limit = PROJECTS_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.projects.list(filters), limit],
    queryFn: ({ pageParam }) => listProjects(filters, pageParam, limit),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Typing in the search box keeps the current rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
