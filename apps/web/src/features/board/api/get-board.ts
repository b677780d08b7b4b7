import { BOARD_POLL_INTERVAL_MS, type Board } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getBoard(projectId: string): Promise<Board> {
  return request<Board>(`/projects/${encodeURIComponent(projectId)}/board`);
}

/**
 * The board, asked for again every few seconds so that others' changes show within five seconds even without
 * the event stream; with it, another person's change refetches it at once (`board.changed`, app/live-events.ts).
 */
export function useBoard(projectId: string | null, options: { isPaused?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.board.board(projectId ?? ''),
    queryFn: () => getBoard(projectId!),
    enabled: projectId !== null,
    refetchInterval: options.isPaused ? false : BOARD_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
  });
}
