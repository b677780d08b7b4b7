import type { CreateTrainingMaterialInput, TrainingMaterial } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type CreateMaterialVariables = { moduleId: string; input: CreateTrainingMaterialInput };

export function createMaterial({ moduleId, input }: CreateMaterialVariables): Promise<{ material: TrainingMaterial }> {
  return request<{ material: TrainingMaterial }>(`/training/modules/${encodeURIComponent(moduleId)}/materials`, { method: 'POST', body: input });
}

export function useCreateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMaterial, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.training.all }) });
}
