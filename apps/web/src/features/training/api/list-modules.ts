import type { TrainingModule } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listModules(): Promise<{ items: TrainingModule[] }> {
  return request<{ items: TrainingModule[] }>('/training/modules');
}

export function useTrainingModules() {
  return useQuery({ queryKey: queryKeys.training.modules, queryFn: listModules });
}
