import type { CompanyResponse } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** GET /company: the signed-in client's own company. */
export function getCompany(): Promise<CompanyResponse> {
  return request<CompanyResponse>('/company');
}

export function useCompany() {
  return useQuery({ queryKey: queryKeys.company.detail, queryFn: getCompany });
}
