import type { CreateCompanyInvitationInput, CreateCompanyInvitationResponse } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

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
