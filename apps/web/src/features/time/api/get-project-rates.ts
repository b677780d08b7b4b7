import type { ProjectRates } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** A project's billable hourly rate (staff). */
export async function getProjectRates(projectId: string): Promise<ProjectRates> {
  return (await request<{ rates: ProjectRates }>(`/projects/${encodeURIComponent(projectId)}/rates`)).rates;
}

export function useProjectRates(projectId: string) {
  return useQuery({ queryKey: queryKeys.time.projectRates(projectId), queryFn: () => getProjectRates(projectId) });
}
