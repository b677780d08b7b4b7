import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function revokeOtherSessions(): Promise<{ revoked: number }> {
  return request<{ revoked: number }>('/account/sessions/revoke-others', { method: 'POST' });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeOtherSessions, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions }) });
}
