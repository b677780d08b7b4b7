import type { Contract } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function markContractViewed(id: string): Promise<{ contract: Contract }> {
  return request<{ contract: Contract }>(`/contracts/${encodeURIComponent(id)}/view`, { method: 'POST' });
}

export function useMarkContractViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContractViewed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contracts.all }),
  });
}
