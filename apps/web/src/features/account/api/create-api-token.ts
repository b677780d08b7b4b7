import type { ApiToken, CreateApiTokenInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function createApiToken(input: CreateApiTokenInput): Promise<{ token: string; api_token: ApiToken }> {
  return request<{ token: string; api_token: ApiToken }>('/account/tokens', { method: 'POST', body: input });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.tokens }) });
}
