import type { CompanyMember } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** GET /company/members: everyone in the signed-in client's company, with their roles. */
export function listCompanyMembers(): Promise<{ items: CompanyMember[] }> {
  return request<{ items: CompanyMember[] }>('/company/members');
}

export function useCompanyMembers() {
  return useQuery({ queryKey: queryKeys.company.members, queryFn: listCompanyMembers });
}
