import type { Message } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { mergeMessages, type MessagingSide } from '../utils/chat';

/** GET /{side}/messages/thread?conversation_id=: every message of one conversation, oldest first. */
export async function getThread(side: MessagingSide, conversationId: string): Promise<Message[]> {
  const body = await request<{ messages?: unknown }>(`/${side}/messages/thread`, { query: { conversation_id: conversationId } });
  return mergeMessages([], Array.isArray(body?.messages) ? (body.messages as Message[]) : []);
}

/**
 * The open conversation's messages. Loaded each time the dialog opens; polls and receipts merge into this same
 * cache entry afterwards. A failed load is only logged (SPEC section 8) and leaves an empty thread.
 */
export function useThread(side: MessagingSide, conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.messaging.thread(side, conversationId),
    queryFn: async () => {
      try {
        return await getThread(side, conversationId);
      } catch (error) {
        console.error('Failed to load the conversation', error);
        return [];
      }
    },
    enabled,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
