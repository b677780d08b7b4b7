import { NOTIFICATION_POLL_INTERVAL_MS } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getUnreadCount(): Promise<{ count: number }> {
  return request<{ count: number }>('/notifications/unread-count');
}

/** Polled while any dashboard is open, also from a background tab, so the tab title stays current. */
export function useUnreadCount() {
  return useQuery({
    queryKey: queryKeys.notifications.unreadCount,
    queryFn: getUnreadCount,
    refetchInterval: NOTIFICATION_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/** The unread count as a plain number, for navigation badges. */
export function useUnreadNotificationCount(): number {
  return useUnreadCount().data?.count ?? 0;
}
