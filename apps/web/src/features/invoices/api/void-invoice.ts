import type { Invoice } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function voidInvoice({ id, reason }: { id: string; reason: string }): Promise<{ invoice: Invoice }> {
  return request<{ invoice: Invoice }>(`/invoices/${encodeURIComponent(id)}/void`, { method: 'POST', body: { reason } });
}

export function useVoidInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: voidInvoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }) });
}
