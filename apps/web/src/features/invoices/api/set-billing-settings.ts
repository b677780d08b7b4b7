import type { BillingSettings } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function setBillingSettings({ projectId, autoDeposit }: { projectId: string; autoDeposit: boolean }): Promise<{ billing: BillingSettings }> {
  return request<{ billing: BillingSettings }>(`/projects/${encodeURIComponent(projectId)}/billing`, {
    method: 'PUT',
    body: { auto_deposit: autoDeposit },
  });
}

export function useSetBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setBillingSettings, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }) });
}
