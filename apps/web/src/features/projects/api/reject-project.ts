import type { Project, RejectProjectInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type RejectProjectVariables = { id: string; input: RejectProjectInput };

export function rejectProject({ id, input }: RejectProjectVariables): Promise<{ project: Project }> {
  return request<{ project: Project }>(`/projects/${encodeURIComponent(id)}/reject`, { method: 'POST', body: input });
}

export function useRejectProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects.all }),
  });
}
