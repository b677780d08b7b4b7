import type { TrainingModule, UpdateTrainingModuleInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateModuleVariables = { id: string; input: UpdateTrainingModuleInput };

export function updateModule({ id, input }: UpdateModuleVariables): Promise<{ module: TrainingModule }> {
  return request<{ module: TrainingModule }>(`/training/modules/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

export function useUpdateModule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateModule, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.training.all }) });
}
