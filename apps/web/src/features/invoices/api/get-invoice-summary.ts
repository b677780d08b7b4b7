import type { InvoiceSummary } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getInvoiceSummary(): Promise<InvoiceSummary> {
  return request<InvoiceSummary>('/invoices/summary');
}

export function useInvoiceSummary() {
  return useQuery({ queryKey: queryKeys.invoices.summary, queryFn: getInvoiceSummary });
}
