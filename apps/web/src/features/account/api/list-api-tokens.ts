import type { ApiTokenList } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listApiTokens(): Promise<ApiTokenList> {
  return request<ApiTokenList>('/account/tokens');
}

export function useApiTokens() {
  return useQuery({ queryKey: queryKeys.account.tokens, queryFn: listApiTokens });
}
