import type { Invoice } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Mark a flagged payment problem as dealt with. */
export function clearAttention(id: string): Promise<{ invoice: Invoice }> {
  return request<{ invoice: Invoice }>(`/invoices/${encodeURIComponent(id)}/attention/clear`, { method: 'POST' });
}

export function useClearAttention() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: clearAttention, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }) });
}
