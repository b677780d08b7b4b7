import type { Invoice } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Raises and sends the project's deposit invoice now. */
export function createDepositInvoice(projectId: string): Promise<{ invoice: Invoice }> {
  return request<{ invoice: Invoice }>(`/projects/${encodeURIComponent(projectId)}/deposit-invoice`, { method: 'POST' });
}

export function useCreateDepositInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDepositInvoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }) });
}
