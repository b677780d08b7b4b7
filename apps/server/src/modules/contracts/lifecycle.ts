import { CONTRACT_STATUS_LABELS, CONTRACT_TRANSITIONS, type ContractStatus } from '@agency/schema';
import type { Actor } from '../../core/actor.js';
import type { ContractFacts } from '../../core/policy.js';
import { defineStateMachine } from '../../core/state-machine.js';

/** The record a transition is decided on: the contract, and whether a person or the scheduler makes the change. */
export type ContractMachineFacts = ContractFacts & { by: 'person' | 'scheduler' };

/** The contract lifecycle: the shared transition table (packages/schema) with the caller's relation to the contract. */
export const contractLifecycle = defineStateMachine<ContractStatus, ContractMachineFacts>({
  entity: 'contract',
  labels: CONTRACT_STATUS_LABELS,
  edges: CONTRACT_TRANSITIONS.map((edge) => ({
    from: edge.from,
    to: edge.to,
    who: (actor, contract) => edge.who(contract.by === 'scheduler' ? 'system' : actor.role, { isSigner: contract.signerId === actor.id }),
  })),
});

/**
 * Who the background jobs act as. Only ever passed to the state machine together with `by: 'scheduler'`, which
 * decides on that alone; it is never given to the access policy, and id 0 belongs to no account.
 */
export const SCHEDULER: Actor = { id: 0, role: 'superadmin', name: 'Scheduler', email: '', sessionId: 0, companyId: null, companyRole: null };
