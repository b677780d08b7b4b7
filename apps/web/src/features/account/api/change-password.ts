import type { ChangePasswordInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function changePassword(input: ChangePasswordInput): Promise<void> {
  return request<void>('/account/password', { method: 'POST', body: input });
}

/** Every other session ends: the list of sessions is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }) });
}
