import type { ProjectListItem } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import type { Company } from './get-company';
import type { CompanyMember } from './list-company-members';

export type ClientCompanyDetail = { company: Company; members: CompanyMember[]; projects: ProjectListItem[] };

/** GET /companies/{id}: one company with its people and projects, for staff. */
export function getClientCompany(id: string): Promise<ClientCompanyDetail> {
  return request<ClientCompanyDetail>(`/companies/${encodeURIComponent(id)}`);
}

export function useClientCompany(id: string) {
  return useQuery({ queryKey: queryKeys.companies.detail(id), queryFn: () => getClientCompany(id) });
}
