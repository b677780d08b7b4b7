import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** Throws the running timer away without making an entry. */
export function discardTimer(): Promise<void> {
  return request<void>('/timers/current', { method: 'DELETE' });
}

export function useDiscardTimer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: discardTimer, onSettled: () => queryClient.setQueryData(queryKeys.time.timer, null) });
}
