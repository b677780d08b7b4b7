import type { DecideToolRequestInput, ToolRequest } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type DecideToolRequestVariables = { id: string; input: DecideToolRequestInput };

export function decideToolRequest({ id, input }: DecideToolRequestVariables): Promise<{ tool_request: ToolRequest }> {
  return request<{ tool_request: ToolRequest }>(`/tool-requests/${encodeURIComponent(id)}/decision`, { method: 'POST', body: input });
}

export function useDecideToolRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideToolRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.toolRequests.all }),
  });
}
