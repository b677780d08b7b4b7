import type { Card, CreateCardInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type CreateCardVariables = { projectId: string; input: CreateCardInput };

export function createCard({ projectId, input }: CreateCardVariables): Promise<{ card: Card }> {
  return request<{ card: Card }>(`/projects/${encodeURIComponent(projectId)}/board/cards`, { method: 'POST', body: input });
}

export function useCreateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCard,
    onSuccess: ({ card }) => {
      queryClient.setQueryData(queryKeys.board.card(card.id), { card });
      return queryClient.invalidateQueries({ queryKey: queryKeys.board.board(card.project_id) });
    },
  });
}
