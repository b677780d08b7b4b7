import type { CompanyInvitation } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** GET /company/invitations: the pending invitations of the signed-in owner's company. */
export function listCompanyInvitations(): Promise<{ items: CompanyInvitation[] }> {
  return request<{ items: CompanyInvitation[] }>('/company/invitations');
}

export function useCompanyInvitations() {
  return useQuery({ queryKey: queryKeys.company.invitations, queryFn: listCompanyInvitations });
}
