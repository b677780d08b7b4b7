import type { Card } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFiles } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type UploadCardAttachmentsVariables = { cardId: string; files: readonly File[] };

export function uploadCardAttachments({ cardId, files }: UploadCardAttachmentsVariables) {
  return uploadFiles<{ card: Card }>(`/board/cards/${encodeURIComponent(cardId)}/attachments`, 'files', files);
}

export function useUploadCardAttachments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCardAttachments,
    onSuccess: ({ card }) => {
      queryClient.setQueryData(queryKeys.board.card(card.id), { card });
      return queryClient.invalidateQueries({ queryKey: queryKeys.board.board(card.project_id) });
    },
  });
}
