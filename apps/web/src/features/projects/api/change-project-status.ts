import type { ChangeProjectStatusInput, Project } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type ChangeProjectStatusVariables = { id: string; input: ChangeProjectStatusInput };

export function changeProjectStatus({ id, input }: ChangeProjectStatusVariables): Promise<{ project: Project }> {
  return request<{ project: Project }>(`/projects/${encodeURIComponent(id)}/status`, { method: 'POST', body: input });
}

export function useChangeProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeProjectStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects.all }),
  });
}
