import type { ProjectRates } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Sets a project's billable hourly rate in minor units of its currency (null: none). */
export async function setProjectRates({ projectId, hourlyRate }: { projectId: string; hourlyRate: number | null }): Promise<ProjectRates> {
  return (
    await request<{ rates: ProjectRates }>(`/projects/${encodeURIComponent(projectId)}/rates`, { method: 'PATCH', body: { hourly_rate: hourlyRate } })
  ).rates;
}

export function useSetProjectRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProjectRates,
    onSuccess: (rates) => queryClient.setQueryData(queryKeys.time.projectRates(rates.project_id), rates),
  });
}
