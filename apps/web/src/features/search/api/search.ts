import type { SearchAnswer, SearchKind } from '@agency/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type SearchParams = { q: string; kinds?: readonly SearchKind[]; conversationId?: string };

export function search({ q, kinds, conversationId }: SearchParams, signal?: AbortSignal): Promise<SearchAnswer> {
  const query: Record<string, string> = { q };
  if (kinds?.length) query.kinds = kinds.join(',');
  if (conversationId) query.conversation_id = conversationId;
  return request<SearchAnswer>('/search', { query, signal });
}

/** Results for a query that has a word in it (nothing is asked for an empty box); the last answer stays while typing. */
export function useSearch(params: SearchParams) {
  const q = params.q.trim();
  return useQuery({
    queryKey: queryKeys.search(q, params.kinds?.join(',') ?? '', params.conversationId ?? ''),
    queryFn: ({ signal }) => search({ ...params, q }, signal),
    enabled: /[\p{L}\p{N}]/u.test(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
