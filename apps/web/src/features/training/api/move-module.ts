import type { TrainingModule } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type MoveModuleVariables = { id: string; input: { before_module_id?: string; after_module_id?: string } };

export function moveModule({ id, input }: MoveModuleVariables): Promise<{ module: TrainingModule }> {
  return request<{ module: TrainingModule }>(`/training/modules/${encodeURIComponent(id)}/move`, { method: 'POST', body: input });
}

export function useMoveModule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveModule, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.training.all }) });
}
