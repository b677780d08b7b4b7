import type { CreateToolRequestInput, ToolRequest } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function createToolRequest(input: CreateToolRequestInput): Promise<{ tool_request: ToolRequest }> {
  return request<{ tool_request: ToolRequest }>('/tool-requests', { method: 'POST', body: input });
}

export function useCreateToolRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToolRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.toolRequests.all }),
  });
}
