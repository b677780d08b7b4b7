import type { CreateTrainingModuleInput, TrainingModule } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function createModule(input: CreateTrainingModuleInput): Promise<{ module: TrainingModule }> {
  return request<{ module: TrainingModule }>('/training/modules', { method: 'POST', body: input });
}

export function useCreateModule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createModule, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.training.all }) });
}
