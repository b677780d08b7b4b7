import type { MfaDisableInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function disableMfa(input: MfaDisableInput): Promise<void> {
  return request<void>('/account/2fa/disable', { method: 'POST', body: input });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.account.profile }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
  });
}
