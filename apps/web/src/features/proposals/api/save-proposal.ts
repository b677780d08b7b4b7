import type { CreateProposalInput, Proposal, UpdateProposalInput } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export type SaveProposalVariables = { id: string | null; input: CreateProposalInput | UpdateProposalInput };

/** Creates a draft (no id) or saves changes to one. */
export function saveProposal({ id, input }: SaveProposalVariables): Promise<{ proposal: Proposal }> {
  return id
    ? request<{ proposal: Proposal }>(`/proposals/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })
    : request<{ proposal: Proposal }>('/proposals', { method: 'POST', body: input });
}

export function useSaveProposal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveProposal, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.proposals.all }) });
}
