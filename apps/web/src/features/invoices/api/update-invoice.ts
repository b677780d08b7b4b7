import type { Invoice, UpdateInvoiceInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateInvoiceVariables = { id: string; input: UpdateInvoiceInput };

export function updateInvoice({ id, input }: UpdateInvoiceVariables): Promise<{ invoice: Invoice }> {
  return request<{ invoice: Invoice }>(`/invoices/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateInvoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }) });
}
