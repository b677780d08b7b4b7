import type { Message } from '@agency/schema';
import { request } from '../../../lib/http';
import type { MessagingSide } from '../utils/chat';

/** PUT /{side}/messages/{id}/read with an empty body; only the receiver may call it. */
export async function markRead(side: MessagingSide, id: number): Promise<Message | undefined> {
  const body = await request<{ message?: Message } | undefined>(`/${side}/messages/${encodeURIComponent(id)}/read`, { method: 'PUT' });
  return body?.message;
}
