import { INBOX_REFRESH_INTERVAL_MS } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** GET /messages/unread-count: messages the caller received and has not read yet. */
export async function getUnreadMessageCount(): Promise<number> {
  const body = await request<{ count?: unknown }>('/messages/unread-count');
  return typeof body?.count === 'number' ? body.count : 0;
}

/** The navigation badge: refreshed with the inbox's cadence, and at once when the chat marks messages read. */
export function useUnreadMessageCount(): number {
  const { data } = useQuery({
    queryKey: queryKeys.messaging.unreadCount,
    queryFn: getUnreadMessageCount,
    refetchInterval: INBOX_REFRESH_INTERVAL_MS,
    retry: false,
  });
  return data ?? 0;
}
