import type { Card, UpdateCardInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hasErrorCode, request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type UpdateCardVariables = { cardId: string; projectId: string; input: UpdateCardInput };

export function updateCard({ cardId, input }: UpdateCardVariables): Promise<{ card: Card }> {
  return request<{ card: Card }>(`/board/cards/${encodeURIComponent(cardId)}`, { method: 'PATCH', body: input });
}

export function useUpdateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCard,
    onSuccess: ({ card }) => {
      queryClient.setQueryData(queryKeys.board.card(card.id), { card });
      return queryClient.invalidateQueries({ queryKey: queryKeys.board.board(card.project_id) });
    },
    // Someone else changed the card meanwhile: show theirs, so the next save starts from it.
    onError: (error, { cardId, projectId }) => {
      if (!hasErrorCode(error, 'STALE_STATE')) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.board.card(cardId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.board.board(projectId) });
    },
  });
}
