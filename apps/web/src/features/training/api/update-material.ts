import type { TrainingMaterial, UpdateTrainingMaterialInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateMaterialVariables = { id: string; input: UpdateTrainingMaterialInput };

export function updateMaterial({ id, input }: UpdateMaterialVariables): Promise<{ material: TrainingMaterial }> {
  return request<{ material: TrainingMaterial }>(`/training/materials/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

export function useUpdateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMaterial, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.training.all }) });
}
