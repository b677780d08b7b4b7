import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function deleteMaterial(id: string): Promise<void> {
  return request<void>(`/training/materials/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMaterial, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.training.all }) });
}
