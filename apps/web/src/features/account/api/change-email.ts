import type { ChangeEmailInput, Profile } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function changeEmail(input: ChangeEmailInput): Promise<{ profile: Profile }> {
  return request<{ profile: Profile }>('/account/email', { method: 'POST', body: input });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeEmail, onSuccess: (data) => queryClient.setQueryData(queryKeys.account.profile, data) });
}
