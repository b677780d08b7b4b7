import type { MyTrainingModule } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listMyTraining(): Promise<{ items: MyTrainingModule[] }> {
  return request<{ items: MyTrainingModule[] }>('/training/my');
}

export function useMyTraining() {
  return useQuery({ queryKey: queryKeys.training.mine, queryFn: listMyTraining });
}
