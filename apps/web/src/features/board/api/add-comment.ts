import type { CardComment } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type AddCommentVariables = { cardId: string; projectId: string; body: string };

export function addComment({ cardId, body }: AddCommentVariables): Promise<{ comment: CardComment }> {
  return request<{ comment: CardComment }>(`/board/cards/${encodeURIComponent(cardId)}/comments`, { method: 'POST', body: { body } });
}

export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (_data, { cardId, projectId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.board.card(cardId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.board.board(projectId) }),
      ]),
  });
}
