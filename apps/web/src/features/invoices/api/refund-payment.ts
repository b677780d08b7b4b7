import type { Invoice, RefundInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function refundPayment({ id, input }: { id: string; input: RefundInput }): Promise<{ invoice: Invoice }> {
  return request<{ invoice: Invoice }>(`/invoices/${encodeURIComponent(id)}/refunds`, { method: 'POST', body: input });
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refundPayment, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }) });
}
