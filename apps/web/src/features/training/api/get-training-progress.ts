import type { TrainingProgress } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getTrainingProgress(): Promise<TrainingProgress> {
  return request<TrainingProgress>('/training/progress');
}

export function useTrainingProgress() {
  return useQuery({ queryKey: queryKeys.training.progress, queryFn: getTrainingProgress });
}
