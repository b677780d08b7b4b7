import { POLL_PAGE_LIMIT, type Message } from '@agency/schema';
import { request } from '../../../lib/http';
import type { MessagingSide } from '../utils/chat';

export type PollParams = { userId: string; sinceId?: number };

/** GET /{side}/get-all-messages: the caller's messages after since_id, oldest first, POLL_PAGE_LIMIT at most. */
export async function getAllMessages(side: MessagingSide, { userId, sinceId }: PollParams): Promise<Message[]> {
  const body = await request<{ messages?: unknown }>(`/${side}/get-all-messages`, {
    query: { user_id: userId, since_id: sinceId, limit: POLL_PAGE_LIMIT },
  });
  return Array.isArray(body?.messages) ? (body.messages as Message[]) : [];
}
