import type { UpdateNotificationPreferencesInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import type { NotificationPreferences } from './get-notification-preferences';

export function updateNotificationPreferences(input: UpdateNotificationPreferencesInput): Promise<NotificationPreferences> {
  return request<NotificationPreferences>('/account/notification-preferences', { method: 'PUT', body: input });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.account.preferences, data),
  });
}
