import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /company/members/{user_id}: the person is disabled and signed out everywhere (the last owner stays: 409). */
export function removeCompanyMember(userId: string): Promise<void> {
  return request<void>(`/company/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useRemoveCompanyMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCompanyMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.company.members }),
  });
}
