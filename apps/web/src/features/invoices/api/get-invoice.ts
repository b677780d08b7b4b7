import type { Invoice } from '@agency/schema';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { getInvoice, type InvoiceAnswer } from './fetch-invoice';

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
