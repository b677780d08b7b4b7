import type { ApproveProjectInput, Project } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type ApproveProjectVariables = { id: string; input: ApproveProjectInput };

export function approveProject({ id, input }: ApproveProjectVariables): Promise<{ project: Project }> {
  return request<{ project: Project }>(`/projects/${encodeURIComponent(id)}/approve`, { method: 'POST', body: input });
}

export function useApproveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects.all }),
  });
}
