import type { CompanyDetail } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** GET /companies/{id}: one company with its people and projects, for staff. */
export function getClientCompany(id: string): Promise<CompanyDetail> {
  return request<CompanyDetail>(`/companies/${encodeURIComponent(id)}`);
}

export function useClientCompany(id: string) {
  return useQuery({ queryKey: queryKeys.companies.detail(id), queryFn: () => getClientCompany(id) });
}
