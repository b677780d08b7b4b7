import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../../lib/http';
import type { InvoiceFilters } from './list-invoices';

/** Downloads every invoice the list's filters select as CSV, through the browser's own save. */
export async function exportInvoices(filters: InvoiceFilters): Promise<void> {
  const { blob, filename } = await requestFile('/invoices/export.csv', { query: filters });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? 'invoices.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportInvoices() {
  return useMutation({ mutationFn: exportInvoices });
}
