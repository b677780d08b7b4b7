import type { StaffApiToken } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listAllApiTokens(): Promise<{ items: StaffApiToken[] }> {
  return request<{ items: StaffApiToken[] }>('/api-tokens');
}

export function useAllApiTokens() {
  return useQuery({ queryKey: queryKeys.apiTokens, queryFn: listAllApiTokens, select: (data) => data.items });
}
