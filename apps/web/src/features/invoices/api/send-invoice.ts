import type { Invoice } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Send a draft to its client (in-app and by e-mail with the PDF). */
export function sendInvoice(id: string): Promise<{ invoice: Invoice }> {
  return request<{ invoice: Invoice }>(`/invoices/${encodeURIComponent(id)}/send`, { method: 'POST' });
}

export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendInvoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }) });
}
