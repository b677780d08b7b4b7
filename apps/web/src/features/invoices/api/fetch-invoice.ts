import type { Invoice } from '@agency/schema';
import { request } from '../../../lib/http';

export type InvoiceAnswer = { invoice: Invoice };

/** One invoice by id, or by its number (`INV-2026-0001`). Apart from the query hook: the payment pages load without it. */
export function getInvoice(idOrNumber: string): Promise<InvoiceAnswer> {
  return request<InvoiceAnswer>(`/invoices/${encodeURIComponent(idOrNumber)}`);
}
