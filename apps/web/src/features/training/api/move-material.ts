import type { TrainingMaterial } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type MoveMaterialVariables = { id: string; input: { before_material_id?: string; after_material_id?: string } };

export function moveMaterial({ id, input }: MoveMaterialVariables): Promise<{ material: TrainingMaterial }> {
  return request<{ material: TrainingMaterial }>(`/training/materials/${encodeURIComponent(id)}/move`, { method: 'POST', body: input });
}

export function useMoveMaterial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveMaterial, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.training.all }) });
}
