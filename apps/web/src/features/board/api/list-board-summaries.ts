import type { BoardSummary } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function listBoardSummaries(): Promise<{ items: BoardSummary[] }> {
  return request<{ items: BoardSummary[] }>('/board/summaries');
}

export function useBoardSummaries() {
  return useQuery({ queryKey: queryKeys.board.summaries, queryFn: listBoardSummaries });
}
