import type { Contract, UpdateContractInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateContractVariables = { id: string; input: UpdateContractInput };

export function updateContract({ id, input }: UpdateContractVariables): Promise<{ contract: Contract }> {
  return request<{ contract: Contract }>(`/contracts/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

export function useUpdateContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contracts.all }),
  });
}
