import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type DeleteCardVariables = { cardId: string; projectId: string; version: number };

export function deleteCard({ cardId, version }: DeleteCardVariables): Promise<void> {
  return request<void>(`/board/cards/${encodeURIComponent(cardId)}`, { method: 'DELETE', query: { version } });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCard,
    onSettled: (_data, _error, { projectId }) => queryClient.invalidateQueries({ queryKey: queryKeys.board.board(projectId) }),
  });
}
