import type { InvoiceTime } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The hours an issued invoice bills: days, people, cards and notes, never a cost or a rate. */
export function getInvoiceTime(invoiceId: string): Promise<InvoiceTime> {
  return request<InvoiceTime>(`/invoices/${encodeURIComponent(invoiceId)}/time`);
}

export function useInvoiceTime(invoiceId: string) {
  return useQuery({ queryKey: queryKeys.time.invoiceTime(invoiceId), queryFn: () => getInvoiceTime(invoiceId) });
}
