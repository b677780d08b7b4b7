import type { Profile } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getProfile(): Promise<{ profile: Profile }> {
  return request<{ profile: Profile }>('/account');
}

export function useProfile() {
  return useQuery({ queryKey: queryKeys.account.profile, queryFn: getProfile, select: (data) => data.profile });
}
