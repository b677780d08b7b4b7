import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type RemoveCardAttachmentVariables = { cardId: string; projectId: string; attachmentId: string };

export function removeCardAttachment({ cardId, attachmentId }: RemoveCardAttachmentVariables): Promise<void> {
  return request<void>(`/board/cards/${encodeURIComponent(cardId)}/attachments/${encodeURIComponent(attachmentId)}`, { method: 'DELETE' });
}

export function useRemoveCardAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCardAttachment,
    onSuccess: (_data, { cardId, projectId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.board.card(cardId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.board.board(projectId) }),
      ]),
  });
}
