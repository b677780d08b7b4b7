import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { getConfig } from '../api/get-config';

/** Brand, contact lines and whether a super admin exists: read from the server at run time. */
export function useConfig() {
  return useQuery({ queryKey: queryKeys.config, queryFn: getConfig, staleTime: 5 * 60_000 });
}
