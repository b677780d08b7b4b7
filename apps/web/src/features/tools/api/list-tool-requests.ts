import type { ToolRequest, ToolRequestStatus } from '@agency/schema';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const TOOL_REQUESTS_PAGE_SIZE = 20;

export type ToolRequestPage = { items: ToolRequest[]; next_cursor: string | null };

export function listToolRequests(status: ToolRequestStatus | undefined, cursor?: string): Promise<ToolRequestPage> {
  return request<ToolRequestPage>('/tool-requests', { query: { status, cursor, limit: TOOL_REQUESTS_PAGE_SIZE } });
}

/** A client's own requests, or the whole queue for staff; newest first. */
export function useToolRequests(status?: ToolRequestStatus) {
  return useInfiniteQuery({
    queryKey: queryKeys.toolRequests.list(status),
    queryFn: ({ pageParam }) => listToolRequests(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
