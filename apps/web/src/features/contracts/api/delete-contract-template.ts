import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function deleteContractTemplate(id: string): Promise<void> {
  return request<void>(`/contract-templates/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteContractTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContractTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contractTemplates.all }),
  });
}
