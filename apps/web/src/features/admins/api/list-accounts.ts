import { MAX_PAGE_SIZE, type Account } from '@agency/schema';
import { useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type AccountAudience = 'admin' | 'employee';
export type AccountPage = { items: Account[]; next_cursor: string | null };

export function listAccounts(role: AccountAudience, cursor?: string): Promise<AccountPage> {
  return request<AccountPage>('/users', { query: { role, cursor, limit: MAX_PAGE_SIZE } });
}

export function useAccounts(role: AccountAudience) {
  return useInfiniteQuery({
    queryKey: queryKeys.users.list(role),
    queryFn: ({ pageParam }) => listAccounts(role, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
