import type { Contract, SendContractInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type SendContractVariables = { id: string; input: SendContractInput };

export function sendContract({ id, input }: SendContractVariables): Promise<{ contract: Contract }> {
  return request<{ contract: Contract }>(`/contracts/${encodeURIComponent(id)}/send`, { method: 'POST', body: input });
}

export function useSendContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contracts.all }),
  });
}
