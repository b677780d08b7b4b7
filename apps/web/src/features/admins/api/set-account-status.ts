import type { AccountStatus, User } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type SetAccountStatusVariables = { id: string; status: AccountStatus };

export function setAccountStatus({ id, status }: SetAccountStatusVariables): Promise<{ user: User }> {
  return request<{ user: User }>(`/users/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { status } });
}

export function useSetAccountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAccountStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
