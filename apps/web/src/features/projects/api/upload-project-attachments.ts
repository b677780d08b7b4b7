import type { Project } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { uploadFiles, type UploadProgress } from '../../../lib/http';

export type UploadProjectAttachmentsVariables = {
  projectId: string;
  files: readonly File[];
  onProgress?: (progress: UploadProgress) => void;
};

export function uploadProjectAttachments({ projectId, files, onProgress }: UploadProjectAttachmentsVariables) {
  return uploadFiles<{ project: Project }>(`/projects/${encodeURIComponent(projectId)}/attachments`, 'files', files, { onProgress });
}

export function useUploadProjectAttachments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProjectAttachments,
    onSuccess: ({ project }) => {
      queryClient.setQueryData(queryKeys.projects.detail(project.id), { project });
      return queryClient.invalidateQueries({ queryKey: queryKeys.projects.activity(project.id) });
    },
  });
}
