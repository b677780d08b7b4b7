import type { Invoice, RecordPaymentInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function recordPayment({ id, input }: { id: string; input: RecordPaymentInput }): Promise<{ invoice: Invoice }> {
  return request<{ invoice: Invoice }>(`/invoices/${encodeURIComponent(id)}/payments`, { method: 'POST', body: input });
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordPayment, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }) });
}
