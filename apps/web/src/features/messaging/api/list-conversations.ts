import { INBOX_REFRESH_INTERVAL_MS, type Conversation } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { isApiError, request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import type { MessagingSide } from '../utils/chat';
import { conversationsFailureMessage, conversationsOf } from '../utils/inbox';

/**
 * GET /{side}/conversations?user_id=. SPEC section 8: a failure is only logged and the list is emptied; the
 * user sees nothing, so the fetcher answers an empty list instead of throwing.
 */
export async function listConversations(side: MessagingSide, userId: string): Promise<Conversation[]> {
  try {
    const body = await request<unknown>(`/${side}/conversations`, { query: { user_id: userId } });
    return conversationsOf(body);
  } catch (error) {
    console.error(conversationsFailureMessage(isApiError(error) ? error.serverMessage : undefined));
    return [];
  }
}

/** Refetched every INBOX_REFRESH_INTERVAL_MS; nothing is fetched while no user id is stored. */
export function useConversations(side: MessagingSide, userId: string | null) {
  return useQuery({
    queryKey: queryKeys.messaging.conversations(side, userId),
    queryFn: () => listConversations(side, userId ?? ''),
    enabled: Boolean(userId),
    refetchInterval: INBOX_REFRESH_INTERVAL_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
}
