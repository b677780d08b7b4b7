import type { PublicConfig } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getConfig(): Promise<PublicConfig> {
  return request<PublicConfig>('/config');
}

/** Brand, contact lines and whether a super admin exists: read from the server at run time. */
export function useConfig() {
  return useQuery({ queryKey: queryKeys.config, queryFn: getConfig, staleTime: 5 * 60_000 });
}
