import { PAYABLE_INVOICE_STATUSES, type InvoiceListItem } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { listInvoices } from './list-invoices';

/** How many of each payable status a dashboard asks for: it shows the first few and links to the rest. */
export const INVOICES_TO_PAY_LIMIT = 10;

/** Overdue first, then the soonest due; the invoice number settles a tie. */
export function sortInvoicesToPay(invoices: InvoiceListItem[]): InvoiceListItem[] {
  return [...invoices].sort(
    (a, b) =>
      Number(b.status === 'overdue') - Number(a.status === 'overdue') ||
      a.due_date.localeCompare(b.due_date) ||
      a.invoice_no.localeCompare(b.invoice_no),
  );
}

/** The caller's invoices with something due (sent, partly paid or overdue): one page of each status, merged. */
export async function listInvoicesToPay(): Promise<{ items: InvoiceListItem[]; hasMore: boolean }> {
  const pages = await Promise.all(PAYABLE_INVOICE_STATUSES.map((status) => listInvoices({ status }, undefined, INVOICES_TO_PAY_LIMIT)));
  return { items: sortInvoicesToPay(pages.flatMap((page) => page.items)), hasMore: pages.some((page) => page.next_cursor !== null) };
}

/** Not asked at all when `enabled` is false (a company's member, whom the server refuses invoices). */
export function useInvoicesToPay(enabled = true) {
  return useQuery({ queryKey: queryKeys.invoices.toPay, queryFn: listInvoicesToPay, staleTime: 0, enabled });
}
