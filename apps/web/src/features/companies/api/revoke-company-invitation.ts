import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /company/invitations/{id}: the link stops working. */
export function revokeCompanyInvitation(id: string): Promise<void> {
  return request<void>(`/company/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeCompanyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCompanyInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.company.invitations }),
  });
}
