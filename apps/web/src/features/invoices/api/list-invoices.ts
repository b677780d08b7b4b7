import type { InvoiceListItem, InvoiceStatus } from '@agency/schema';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const INVOICES_PAGE_SIZE = 25;

export type InvoiceFilters = { status?: InvoiceStatus; client_id?: string; project_id?: string; attention?: 'true' };
export type InvoicePage = { items: InvoiceListItem[]; next_cursor: string | null };

export function listInvoices(filters: InvoiceFilters, cursor?: string, limit = INVOICES_PAGE_SIZE): Promise<InvoicePage> {
  return request<InvoicePage>('/invoices', { query: { ...filters, cursor, limit } });
}

export function useInvoices(filters: InvoiceFilters, limit = INVOICES_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.invoices.list(filters), limit],
    queryFn: ({ pageParam }) => listInvoices(filters, pageParam, limit),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
