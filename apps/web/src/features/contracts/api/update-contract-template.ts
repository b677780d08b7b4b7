import type { ContractTemplate, UpdateContractTemplateInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateTemplateVariables = { id: string; input: UpdateContractTemplateInput };

export function updateContractTemplate({ id, input }: UpdateTemplateVariables): Promise<{ template: ContractTemplate }> {
  return request<{ template: ContractTemplate }>(`/contract-templates/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

export function useUpdateContractTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContractTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contractTemplates.all }),
  });
}
