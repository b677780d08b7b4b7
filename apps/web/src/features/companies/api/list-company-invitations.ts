import { useQuery } from '@tanstack/react-query';
import type { CompanyRole } from '../../../lib/company-role';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** A company invitation not yet accepted. */
export type CompanyInvitation = {
  id: string;
  email: string;
  role: CompanyRole;
  expires_at: string;
  created_at?: string;
};

/** GET /company/invitations: the pending invitations of the signed-in client's company. */
export function listCompanyInvitations(): Promise<{ items: CompanyInvitation[] }> {
  return request<{ items: CompanyInvitation[] }>('/company/invitations');
}

export function useCompanyInvitations(enabled = true) {
  return useQuery({ queryKey: queryKeys.company.invitations, queryFn: listCompanyInvitations, enabled });
}
