import type { SearchAnswer } from '@agency/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The messages of one conversation that match a query, best first. */
export function searchConversation(conversationId: string, q: string, signal?: AbortSignal): Promise<SearchAnswer> {
  return request<SearchAnswer>('/search', { query: { q, kinds: 'message', conversation_id: conversationId }, signal });
}

export function useConversationSearch(conversationId: string, q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: queryKeys.search(text, 'message', conversationId),
    queryFn: ({ signal }) => searchConversation(conversationId, text, signal),
    enabled: /[\p{L}\p{N}]/u.test(text),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** The messages of every conversation the caller may read that match a query, best first (the inbox's search). */
export function useMessageSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: queryKeys.search(text, 'message', ''),
    queryFn: ({ signal }) => request<SearchAnswer>('/search', { query: { q: text, kinds: 'message' }, signal }),
    enabled: /[\p{L}\p{N}]/u.test(text),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
