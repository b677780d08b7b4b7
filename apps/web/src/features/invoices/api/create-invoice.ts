import type { CreateInvoiceInput, Invoice } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function createInvoice(input: CreateInvoiceInput): Promise<{ invoice: Invoice }> {
  return request<{ invoice: Invoice }>('/invoices', { method: 'POST', body: input });
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createInvoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }) });
}
