import type { TrainingMaterial } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFiles } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type UploadMaterialFileVariables = { id: string; file: File };

export function uploadMaterialFile({ id, file }: UploadMaterialFileVariables) {
  return uploadFiles<{ material: TrainingMaterial }>(`/training/materials/${encodeURIComponent(id)}/file`, 'file', [file]);
}

export function useUploadMaterialFile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadMaterialFile, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.training.all }) });
}
