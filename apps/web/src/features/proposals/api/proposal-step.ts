import type { AcceptProposalInput, Proposal } from '@agency/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

/** The steps a proposal takes on its own route: send, void, revise (staff); view, select, accept, decline (the client). */
export type ProposalStep =
  | { step: 'send' }
  | { step: 'void'; reason: string }
  | { step: 'revise' }
  | { step: 'view' }
  | { step: 'select'; item_ids: string[] }
  | { step: 'accept'; input: AcceptProposalInput }
  | { step: 'decline'; reason: string };

function bodyOf(action: ProposalStep): unknown {
  switch (action.step) {
    case 'void':
    case 'decline':
      return { reason: action.reason };
    case 'select':
      return { item_ids: action.item_ids };
    case 'accept':
      return action.input;
    default:
      return undefined;
  }
}

export function takeProposalStep({ id, action }: { id: string; action: ProposalStep }, session?: string): Promise<{ proposal: Proposal }> {
  return request<{ proposal: Proposal }>(`/proposals/${encodeURIComponent(id)}/${action.step}`, {
    method: 'POST',
    body: bodyOf(action),
    session,
  });
}

/** The steps, taken with the stored sign-in, or with `session` (a proposal opened from its e-mailed link). */
export function useProposalStep(session?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: string; action: ProposalStep }) => takeProposalStep(variables, session),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.proposals.detail(data.proposal.id), data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.proposals.all });
    },
  });
}
