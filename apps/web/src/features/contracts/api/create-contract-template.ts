import type { ContractTemplate, CreateContractTemplateInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function createContractTemplate(input: CreateContractTemplateInput): Promise<{ template: ContractTemplate }> {
  return request<{ template: ContractTemplate }>('/contract-templates', { method: 'POST', body: input });
}

export function useCreateContractTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContractTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contractTemplates.all }),
  });
}
