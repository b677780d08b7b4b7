import type { TimeEntry } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Stops the running timer: it becomes an entry of the minutes it ran. */
export function stopTimer(): Promise<{ entry: TimeEntry }> {
  return request<{ entry: TimeEntry }>('/timers/stop', { method: 'POST', body: {} });
}

export function useStopTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopTimer,
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.time.timer, null);
      return queryClient.invalidateQueries({ queryKey: queryKeys.time.all, predicate: (q) => q.queryKey[1] !== 'timer' });
    },
    // A timer stopped elsewhere (another tab) answers 409: read again what runs now.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.time.timer }),
  });
}
