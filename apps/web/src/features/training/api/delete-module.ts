import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function deleteModule(id: string): Promise<void> {
  return request<void>(`/training/modules/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteModule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteModule, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.training.all }) });
}
