import type { MfaConfirmInput, RecoveryCodesResponse } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function confirmMfa(input: MfaConfirmInput): Promise<RecoveryCodesResponse> {
  return request<RecoveryCodesResponse>('/account/2fa/confirm', { method: 'POST', body: input });
}

/** Turning it on lifts an enrolment requirement: who is signed in is read again. */
export function useConfirmMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMfa,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.account.profile }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
  });
}
