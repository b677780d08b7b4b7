import type { CompanyDetail, CompanyMember } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The company's active people, owners first: who staff may name to sign a client contract. */
export function companySigners(detail: CompanyDetail): CompanyMember[] {
  const rank = { owner: 0, billing: 1, member: 2 } as const;
  return detail.members
    .filter((m) => m.status === 'active')
    .sort((a, b) => rank[a.company_role] - rank[b.company_role] || a.name.localeCompare(b.name));
}

/** GET /companies/{id} (staff), read only while `enabled`: the people a client contract may name as its signer. */
export function useCompanySigners(companyId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.companies.detail(companyId ?? ''),
    queryFn: () => request<CompanyDetail>(`/companies/${encodeURIComponent(companyId ?? '')}`),
    enabled: enabled && companyId !== undefined,
    select: companySigners,
  });
}
