import type { ProjectRates } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Lets the client company's owners and billing people read the project's time log, or stops it (staff). */
export async function shareTimeLog({ projectId, shared }: { projectId: string; shared: boolean }): Promise<ProjectRates> {
  return (await request<{ rates: ProjectRates }>(`/projects/${encodeURIComponent(projectId)}/time-log`, { method: 'PATCH', body: { shared } })).rates;
}

export function useShareTimeLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareTimeLog,
    onSuccess: (rates) => queryClient.setQueryData(queryKeys.time.projectRates(rates.project_id), rates),
  });
}
