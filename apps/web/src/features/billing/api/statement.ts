import type { Statement } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request, requestFile } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** GET /companies/{id}/statement: opening balance, the lines in the range, closing balance. */
export function getStatement(companyId: string, from: string, to: string): Promise<Statement> {
  return request<Statement>(`/companies/${encodeURIComponent(companyId)}/statement`, { query: { from, to } });
}

export function useStatement(companyId: string, from: string, to: string, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.billing.statement(companyId, from, to), queryFn: () => getStatement(companyId, from, to), enabled });
}

/** Saves the statement PDF: fetched with the session's bearer header (no link to it works on its own), as every document. */
export async function downloadStatement(companyId: string, from: string, to: string): Promise<void> {
  const { blob, filename } = await requestFile(`/companies/${encodeURIComponent(companyId)}/statement.pdf`, { query: { from, to } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? `statement-${from}-${to}.pdf`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
