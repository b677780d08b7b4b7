import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function revokeAnyApiToken(id: string): Promise<void> {
  return request<void>(`/api-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeAnyApiToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeAnyApiToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens }) });
}
