import { MAX_PAGE_SIZE, type Invitation } from '@agency/schema';
import { useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type InvitationAudience = 'admin' | 'employee';
export type InvitationPage = { items: Invitation[]; next_cursor: string | null };

export function listInvitations(role: InvitationAudience, cursor?: string): Promise<InvitationPage> {
  return request<InvitationPage>('/invitations', { query: { role, cursor, limit: MAX_PAGE_SIZE } });
}

/** Pending invitations only, newest pages appended on "Load more". */
export function usePendingInvitations(role: InvitationAudience) {
  return useInfiniteQuery({
    queryKey: queryKeys.invitations.list(role),
    queryFn: ({ pageParam }) => listInvitations(role, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
