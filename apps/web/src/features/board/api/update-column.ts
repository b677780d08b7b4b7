import type { BoardColumn, UpdateColumnInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type ColumnInfo = Omit<BoardColumn, 'cards'>;
export type UpdateColumnVariables = { columnId: string; projectId: string; input: UpdateColumnInput };

export function updateColumn({ columnId, input }: UpdateColumnVariables): Promise<{ column: ColumnInfo }> {
  return request<{ column: ColumnInfo }>(`/board/columns/${encodeURIComponent(columnId)}`, { method: 'PATCH', body: input });
}

export function useUpdateColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateColumn,
    onSuccess: (_data, { projectId }) => queryClient.invalidateQueries({ queryKey: queryKeys.board.board(projectId) }),
  });
}
