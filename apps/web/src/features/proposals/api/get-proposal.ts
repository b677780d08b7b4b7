import type { Proposal } from '@agency/schema';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function getProposal(id: string): Promise<{ proposal: Proposal }> {
  return request<{ proposal: Proposal }>(`/proposals/${encodeURIComponent(id)}`);
}

/**
 * One proposal. Once accepted, it is asked for again every few seconds until its deposit invoice exists: the invoice
 * is raised in the background right after the contract is signed.
 */
export function useProposal(id: string) {
  return useQuery({
    queryKey: queryKeys.proposals.detail(id),
    queryFn: () => getProposal(id),
    select: (data) => data.proposal,
    refetchInterval: (query) => {
      const proposal = query.state.data?.proposal;
      return proposal?.status === 'accepted' && !proposal.deposit_invoice_id ? 2000 : false;
    },
  });
}
