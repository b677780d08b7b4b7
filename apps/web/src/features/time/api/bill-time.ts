import type { BillTimeInput, Invoice } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Turns the project's approved, unbilled time and expenses into lines of a draft; they are billed once only. */
export async function billTime({ invoiceId, input }: { invoiceId: string; input: BillTimeInput }): Promise<Invoice> {
  return (await request<{ invoice: Invoice }>(`/invoices/${encodeURIComponent(invoiceId)}/bill-time`, { method: 'POST', body: input })).invoice;
}

export function useBillTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: billTime,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.time.all }),
      ]),
  });
}
