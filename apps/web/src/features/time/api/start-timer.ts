import type { StartTimerInput, TimeEntry, Timer } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Starts a timer on a card or project; one already running stops first and becomes an entry. */
export function startTimer(input: StartTimerInput): Promise<{ timer: Timer; stopped_entry: TimeEntry | null }> {
  return request<{ timer: Timer; stopped_entry: TimeEntry | null }>('/timers/start', { method: 'POST', body: input });
}

export function useStartTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTimer,
    onSuccess: ({ timer }) => {
      queryClient.setQueryData(queryKeys.time.timer, timer);
      return queryClient.invalidateQueries({ queryKey: queryKeys.time.all, predicate: (q) => q.queryKey[1] !== 'timer' });
    },
  });
}
