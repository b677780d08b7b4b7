import type { ProfitabilityReportQuery } from '@agency/schema';
import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../../lib/http';

/** Saves the report as the server writes it in CSV (amounts in major units, hours to two decimals). */
export async function exportProfitabilityReport(filters: ProfitabilityReportQuery): Promise<void> {
  const { blob, filename } = await requestFile('/reports/profitability/export.csv', { query: { ...filters } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? `profitability-${filters.group_by ?? 'project'}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportProfitabilityReport() {
  return useMutation({ mutationFn: exportProfitabilityReport });
}
