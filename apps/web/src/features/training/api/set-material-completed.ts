import type { TrainingMaterial } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type SetMaterialCompletedVariables = { id: string; isCompleted: boolean };

/** POST marks one of my materials complete, DELETE takes the mark back: one resource, `/complete`. */
export function setMaterialCompleted({ id, isCompleted }: SetMaterialCompletedVariables): Promise<{ material: TrainingMaterial }> {
  return request<{ material: TrainingMaterial }>(`/training/materials/${encodeURIComponent(id)}/complete`, {
    method: isCompleted ? 'POST' : 'DELETE',
  });
}

export function useSetMaterialCompleted() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setMaterialCompleted, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.training.all }) });
}
