import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../../lib/http';

/** Downloads the companies the search selects as CSV (the list's columns), through the browser's own save. */
export async function exportCompanies(q: string): Promise<void> {
  const { blob, filename } = await requestFile('/companies/export.csv', { query: { q } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? 'clients.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportCompanies() {
  return useMutation({ mutationFn: exportCompanies });
}
