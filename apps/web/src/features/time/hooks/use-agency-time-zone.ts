import type { PublicConfig } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The agency's time zone from the public config (the same query, and cache, as the brand's), undefined until it
 * arrives: the days and weeks of time tracking are the agency's, wherever the browser is.
 */
export function useAgencyTimeZone(): string | undefined {
  const config = useQuery({ queryKey: queryKeys.config, queryFn: () => request<PublicConfig>('/config'), staleTime: 5 * 60_000 });
  return config.data?.time_zone;
}
