import type { TrainingModuleDetail } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getModule(id: string): Promise<{ module: TrainingModuleDetail }> {
  return request<{ module: TrainingModuleDetail }>(`/training/modules/${encodeURIComponent(id)}`);
}

export function useTrainingModule(id: string | null) {
  return useQuery({
    queryKey: queryKeys.training.module(id ?? ''),
    queryFn: () => getModule(id!),
    enabled: id !== null,
    // File links are signed and short-lived.
    staleTime: 0,
  });
}
