import type { Contract } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function remindContract(id: string): Promise<{ contract: Contract }> {
  return request<{ contract: Contract }>(`/contracts/${encodeURIComponent(id)}/remind`, { method: 'POST' });
}

export function useRemindContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remindContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contracts.all }),
  });
}
