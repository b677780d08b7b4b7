import type { ProfitabilityReport, ProfitabilityReportQuery } from '@agency/schema';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The agency's profitability by project, client or month, per currency (staff). */
export function getProfitabilityReport(filters: ProfitabilityReportQuery): Promise<ProfitabilityReport> {
  return request<ProfitabilityReport>('/reports/profitability', { query: { ...filters } });
}

export function useProfitabilityReport(filters: ProfitabilityReportQuery) {
  return useQuery({ queryKey: queryKeys.time.report(filters), queryFn: () => getProfitabilityReport(filters), placeholderData: keepPreviousData });
}
