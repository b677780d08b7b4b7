import type { UserRates, UserRatesInput } from '@agency/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** What an hour of a team lead or member costs the agency (staff). */
export async function getUserRates(userId: string): Promise<UserRates> {
  return (await request<{ rates: UserRates }>(`/users/${encodeURIComponent(userId)}/rates`)).rates;
}

export function useUserRates(userId: string) {
  return useQuery({ queryKey: queryKeys.time.userRates(userId), queryFn: () => getUserRates(userId) });
}

/** Sets a person's cost rate; `apply_from` re-costs their time from that day on. */
export async function setUserRates({ userId, ...body }: UserRatesInput & { userId: string }): Promise<UserRates> {
  return (await request<{ rates: UserRates }>(`/users/${encodeURIComponent(userId)}/rates`, { method: 'PATCH', body })).rates;
}

export function useSetUserRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRates,
    onSuccess: (rates) => {
      queryClient.setQueryData(queryKeys.time.userRates(rates.user_id), rates);
      // Costs, margins and the burn follow a re-costing.
      void queryClient.invalidateQueries({ queryKey: queryKeys.time.all });
    },
  });
}
