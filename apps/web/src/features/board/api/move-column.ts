import type { MoveColumnInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import type { ColumnInfo } from './update-column';

export type MoveColumnVariables = { columnId: string; projectId: string; input: MoveColumnInput };

export function moveColumn({ columnId, input }: MoveColumnVariables): Promise<{ column: ColumnInfo }> {
  return request<{ column: ColumnInfo }>(`/board/columns/${encodeURIComponent(columnId)}/move`, { method: 'POST', body: input });
}

export function useMoveColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveColumn,
    onSettled: (_data, _error, { projectId }) => queryClient.invalidateQueries({ queryKey: queryKeys.board.board(projectId) }),
  });
}
