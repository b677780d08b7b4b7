import type { AuditQuery } from '@agency/schema';
import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../../lib/http';

/** Downloads the CSV of the filtered log: fetched with the bearer header, then saved by the browser. */
export async function exportAuditLog(filters: AuditQuery): Promise<void> {
  const { blob, filename } = await requestFile('/audit-log.csv', { query: filters });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? 'audit-log.csv';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog });
}
