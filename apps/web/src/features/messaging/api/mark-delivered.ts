import type { Message } from '@agency/schema';
import { request } from '../../../lib/http';
import type { MessagingSide } from '../utils/chat';

/** PUT /{side}/messages/{id}/delivered with an empty body; only the receiver may call it. */
export async function markDelivered(side: MessagingSide, id: number): Promise<Message | undefined> {
  const body = await request<{ message?: Message } | undefined>(`/${side}/messages/${encodeURIComponent(id)}/delivered`, { method: 'PUT' });
  return body?.message;
}
