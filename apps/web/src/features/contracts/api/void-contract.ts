import type { Contract, VoidContractInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type VoidContractVariables = { id: string; input: VoidContractInput };

export function voidContract({ id, input }: VoidContractVariables): Promise<{ contract: Contract }> {
  return request<{ contract: Contract }>(`/contracts/${encodeURIComponent(id)}/void`, { method: 'POST', body: input });
}

export function useVoidContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contracts.all }),
  });
}
