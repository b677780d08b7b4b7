import type { Webhook } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listWebhooks(): Promise<{ items: Webhook[] }> {
  return request<{ items: Webhook[] }>('/webhooks');
}

export function useWebhooks() {
  return useQuery({ queryKey: queryKeys.webhooks.all, queryFn: listWebhooks, select: (data) => data.items });
}
