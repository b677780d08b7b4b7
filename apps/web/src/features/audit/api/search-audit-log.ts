import type { AuditEntry, AuditQuery } from '@agency/schema';
import { useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const AUDIT_PAGE_SIZE = 50;

type AuditPage = { items: AuditEntry[]; next_cursor: string | null };

export function searchAuditLog(filters: AuditQuery, cursor?: string): Promise<AuditPage> {
  return request<AuditPage>('/audit-log', { query: { ...filters, cursor, limit: AUDIT_PAGE_SIZE } });
}

/** Newest first, "Load more" pages. */
export function useAuditLog(filters: AuditQuery) {
  return useInfiniteQuery({
    queryKey: queryKeys.auditLog(filters),
    queryFn: ({ pageParam }) => searchAuditLog(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
