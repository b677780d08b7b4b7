import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyRole } from '../../../lib/company-role';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import type { CompanyInvitation } from './list-company-invitations';

export type CreateCompanyInvitationInput = { email: string; role: CompanyRole };
export type CreateCompanyInvitationResponse = { invitation: CompanyInvitation; link: string };

/** POST /company/invitations: e-mails a single-use sign-up link and answers it (an address with an account: 409). */
export function createCompanyInvitation(input: CreateCompanyInvitationInput): Promise<CreateCompanyInvitationResponse> {
  return request<CreateCompanyInvitationResponse>('/company/invitations', { method: 'POST', body: input });
}

export function useCreateCompanyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompanyInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.company.invitations }),
  });
}
