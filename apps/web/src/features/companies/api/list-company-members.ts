import { useQuery } from '@tanstack/react-query';
import type { CompanyRole } from '../../../lib/company-role';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** One person of a company (`GET /api/company/members`). */
export type CompanyMember = {
  id: string;
  name: string;
  email: string;
  company_role: CompanyRole;
  status: 'active' | 'disabled';
  created_at: string;
};

/** GET /company/members: everyone in the signed-in client's company, with their roles. */
export function listCompanyMembers(): Promise<{ items: CompanyMember[] }> {
  return request<{ items: CompanyMember[] }>('/company/members');
}

export function useCompanyMembers() {
  return useQuery({ queryKey: queryKeys.company.members, queryFn: listCompanyMembers });
}
