import type { CreateWebhookInput, Webhook } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function createWebhook(input: CreateWebhookInput): Promise<{ webhook: Webhook; secret: string }> {
  return request<{ webhook: Webhook; secret: string }>('/webhooks', { method: 'POST', body: input });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }) });
}
