import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function replayDelivery(input: { webhookId: string; deliveryId: string }): Promise<void> {
  return request<void>(`/webhooks/${encodeURIComponent(input.webhookId)}/deliveries/${encodeURIComponent(input.deliveryId)}/replay`, {
    method: 'POST',
  });
}

export function useReplayDelivery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replayDelivery, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }) });
}
