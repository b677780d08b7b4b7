import { PROPOSAL_STATUS_LABELS, PROPOSAL_TRANSITIONS, type ProposalStatus } from '@agency/schema';
import type { ProposalFacts } from '../../core/policy.js';
import { defineStateMachine } from '../../core/state-machine.js';

/** The proposal lifecycle: the shared transition table (packages/schema) with the caller's role in its company. */
export const proposalLifecycle = defineStateMachine<ProposalStatus, ProposalFacts>({
  entity: 'proposal',
  labels: PROPOSAL_STATUS_LABELS,
  edges: PROPOSAL_TRANSITIONS.map((edge) => ({
    from: edge.from,
    to: edge.to,
    who: (actor) => edge.who(actor.role, actor.companyRole),
    system: edge.system,
  })),
});
