import type { NotificationPreference } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type NotificationPreferences = { preferences: NotificationPreference[] };

export function getNotificationPreferences(): Promise<NotificationPreferences> {
  return request<NotificationPreferences>('/account/notification-preferences');
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: queryKeys.account.preferences, queryFn: getNotificationPreferences, select: (data) => data.preferences });
}
