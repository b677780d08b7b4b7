import type { ProposalTemplate, ProposalTemplateInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function createProposalTemplate(input: ProposalTemplateInput): Promise<{ template: ProposalTemplate }> {
  return request<{ template: ProposalTemplate }>('/proposal-templates', { method: 'POST', body: input });
}

export function useCreateProposalTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProposalTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proposals.templates }),
  });
}
