import type { Notification } from '@agency/schema';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const LATEST_NOTIFICATIONS_LIMIT = 8;

export type NotificationPage = { items: Notification[]; next_cursor: string | null; unread_count: number };

export function listNotifications(options: { cursor?: string; limit: number; unread?: boolean }): Promise<NotificationPage> {
  return request<NotificationPage>('/notifications', {
    query: { cursor: options.cursor, limit: options.limit, unread: options.unread ? 'true' : undefined },
  });
}

/** The notifications page: newest first, optionally unread only, "Load more" pages. */
export function useNotifications(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.notifications.list, unreadOnly ? 'unread' : 'all'],
    queryFn: ({ pageParam }) => listNotifications({ cursor: pageParam, limit: NOTIFICATIONS_PAGE_SIZE, unread: unreadOnly }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
}

/** The few newest notifications, for the bell's popover. */
export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.latest,
    queryFn: () => listNotifications({ limit: LATEST_NOTIFICATIONS_LIMIT }),
    enabled,
    staleTime: 0,
  });
}
