import type { Board, Card, MoveCardInput } from '@agency/schema';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type MoveCardVariables = { cardId: string; projectId: string; input: MoveCardInput };

export function moveCard({ cardId, input }: MoveCardVariables): Promise<{ card: Card }> {
  return request<{ card: Card }>(`/board/cards/${encodeURIComponent(cardId)}/move`, { method: 'POST', body: input });
}

/**
 * The newest version of a card the page knows: the one the move was asked with, the board's, or the card's own (a
 * move's or an edit's answer, set before the board is reloaded). Versions only grow, so the highest is the latest.
 */
export function latestCardVersion(queryClient: QueryClient, { cardId, projectId, input }: MoveCardVariables): number {
  const board = queryClient.getQueryData<Board>(queryKeys.board.board(projectId));
  const onBoard = board?.columns.flatMap((c) => c.cards).find((c) => c.id === cardId)?.version ?? 0;
  const own = queryClient.getQueryData<{ card: Card }>(queryKeys.board.card(cardId))?.card.version ?? 0;
  return Math.max(input.version, onBoard, own);
}

/**
 * The board shows the move at once; the caller rolls it back when this fails. Either way the board is reloaded.
 * Moves go to the server one after the other, in the order they were made, each once the one before has been
 * answered and the board reloaded, and with the card's newest version then: a card moved twice in quick
 * succession would otherwise send its second move with the version its first one replaced (refused as stale),
 * or have it overtaken by the first. Use `mutateAsync`: a second `mutate` drops the first call's own callbacks.
 */
export function useMoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'board-card-moves' },
    mutationFn: (variables: MoveCardVariables) =>
      moveCard({ ...variables, input: { ...variables.input, version: latestCardVersion(queryClient, variables) } }),
    onSuccess: ({ card }) => queryClient.setQueryData(queryKeys.board.card(card.id), { card }),
    onSettled: (_data, _error, { cardId, projectId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.board.board(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.board.card(cardId) }),
      ]),
  });
}
