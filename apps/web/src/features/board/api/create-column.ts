import type { CreateColumnInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import type { ColumnInfo } from './update-column';

export type CreateColumnVariables = { projectId: string; input: CreateColumnInput };

export function createColumn({ projectId, input }: CreateColumnVariables): Promise<{ column: ColumnInfo }> {
  return request<{ column: ColumnInfo }>(`/projects/${encodeURIComponent(projectId)}/board/columns`, { method: 'POST', body: input });
}

export function useCreateColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createColumn,
    onSuccess: (_data, { projectId }) => queryClient.invalidateQueries({ queryKey: queryKeys.board.board(projectId) }),
  });
}
