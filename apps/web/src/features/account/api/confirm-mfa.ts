import type { MfaConfirmInput, RecoveryCodesResponse } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function confirmMfa(input: MfaConfirmInput): Promise<RecoveryCodesResponse> {
  return request<RecoveryCodesResponse>('/account/2fa/confirm', { method: 'POST', body: input });
}

/**
 * Nothing is read again on success: the recovery codes stay on screen until the person says they saved them,
 * and only then does `useMfaTurnedOn` refresh the profile and who is signed in (lifting an enrolment requirement).
 */
export function useConfirmMfa() {
  return useMutation({ mutationFn: confirmMfa });
}

export function useMfaTurnedOn() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.account.profile }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
    [queryClient],
  );
}
