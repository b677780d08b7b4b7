import type { WebhookDelivery } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listDeliveries(webhookId: string): Promise<{ items: WebhookDelivery[] }> {
  return request<{ items: WebhookDelivery[] }>(`/webhooks/${encodeURIComponent(webhookId)}/deliveries`);
}

/** Refreshed every 10 s while open: retries land in the background. */
export function useDeliveries(webhookId: string) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(webhookId),
    queryFn: () => listDeliveries(webhookId),
    select: (data) => data.items,
    refetchInterval: 10_000,
  });
}
