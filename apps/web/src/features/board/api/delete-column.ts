import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type DeleteColumnVariables = { columnId: string; projectId: string };

export function deleteColumn({ columnId }: DeleteColumnVariables): Promise<void> {
  return request<void>(`/board/columns/${encodeURIComponent(columnId)}`, { method: 'DELETE' });
}

export function useDeleteColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteColumn,
    onSettled: (_data, _error, { projectId }) => queryClient.invalidateQueries({ queryKey: queryKeys.board.board(projectId) }),
  });
}
