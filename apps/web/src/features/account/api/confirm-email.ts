import type { ConfirmEmailInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function confirmEmail(input: ConfirmEmailInput): Promise<{ email: string }> {
  return request<{ email: string }>('/account/email/confirm', { method: 'POST', body: input });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // Signed in on this device too: who they are has a new address.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.me }), queryClient.invalidateQueries({ queryKey: queryKeys.account.all })]),
  });
}
