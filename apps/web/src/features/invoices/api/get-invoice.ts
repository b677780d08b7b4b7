import type { Invoice } from '@agency/schema';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

type InvoiceAnswer = { invoice: Invoice };

/** One invoice by id, or by its number (`INV-2026-0001`). */
export function getInvoice(idOrNumber: string): Promise<InvoiceAnswer> {
  return request<InvoiceAnswer>(`/invoices/${encodeURIComponent(idOrNumber)}`);
}

export function useInvoice(
  idOrNumber: string | null,
  options: Pick<UseQueryOptions<InvoiceAnswer, Error, Invoice>, 'refetchInterval' | 'enabled'> = {},
) {
  return useQuery({
    queryKey: queryKeys.invoices.detail(idOrNumber ?? ''),
    queryFn: () => getInvoice(idOrNumber!),
    select: (data) => data.invoice,
    ...options,
    enabled: idOrNumber !== null && (options.enabled ?? true),
  });
}
