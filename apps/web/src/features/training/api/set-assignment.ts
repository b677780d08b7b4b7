import type { SetTrainingAssignmentInput, TrainingModule } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type SetAssignmentVariables = { id: string; input: SetTrainingAssignmentInput };

export function setAssignment({ id, input }: SetAssignmentVariables): Promise<{ module: TrainingModule }> {
  return request<{ module: TrainingModule }>(`/training/modules/${encodeURIComponent(id)}/assignment`, { method: 'PUT', body: input });
}

export function useSetAssignment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAssignment, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.training.all }) });
}
