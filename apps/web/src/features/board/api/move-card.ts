import type { Card, MoveCardInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type MoveCardVariables = { cardId: string; projectId: string; input: MoveCardInput };

export function moveCard({ cardId, input }: MoveCardVariables): Promise<{ card: Card }> {
  return request<{ card: Card }>(`/board/cards/${encodeURIComponent(cardId)}/move`, { method: 'POST', body: input });
}

/** The board shows the move at once; the caller rolls it back when this fails. Either way the board is reloaded. */
export function useMoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCard,
    onSuccess: ({ card }) => queryClient.setQueryData(queryKeys.board.card(card.id), { card }),
    onSettled: (_data, _error, { cardId, projectId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.board.board(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.board.card(cardId) }),
      ]),
  });
}
