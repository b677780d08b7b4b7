import type { CompanyMember, CompanyRole } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateCompanyMemberVariables = { userId: string; role: CompanyRole };

/** PATCH /company/members/{user_id}: the owner changes a person's role (the last owner cannot be demoted: 409). */
export function updateCompanyMember({ userId, role }: UpdateCompanyMemberVariables): Promise<{ member: CompanyMember }> {
  return request<{ member: CompanyMember }>(`/company/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } });
}

export function useUpdateCompanyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyMember,
    // A changed role of the signed-in owner changes what they may do: who is signed in is read again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.company.members }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
  });
}
