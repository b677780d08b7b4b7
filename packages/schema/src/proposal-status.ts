// Proposal statuses, their labels and who may change them, without zod: the dashboards show a proposal's status
// chip without loading the validation library.
import type { CompanyRole } from './company-constants.js';
import type { Role } from './roles.js';

export const PROPOSAL_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired', 'void'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: 'Draft',
  sent: 'Awaiting answer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  void: 'Void',
};

/** Proposals that no longer change: a new version (`revise`) is how an expired or declined one is offered again. */
export const FINAL_PROPOSAL_STATUSES: readonly ProposalStatus[] = ['accepted', 'declined', 'expired', 'void'];
/** What may be revised into a new draft. */
export const REVISABLE_PROPOSAL_STATUSES: readonly ProposalStatus[] = ['declined', 'expired'];

/** What the product itself may cause: the validity date passing. */
export const PROPOSAL_TRIGGERS = ['valid_until_passed'] as const;
export type ProposalTrigger = (typeof PROPOSAL_TRIGGERS)[number];

type ProposalEdge = {
  from: readonly ProposalStatus[];
  to: ProposalStatus;
  who: (role: Role, companyRole: CompanyRole | null) => boolean;
  system: readonly ProposalTrigger[];
};

const isStaff = (role: Role) => role === 'admin' || role === 'superadmin';
const isOwner = (role: Role, companyRole: CompanyRole | null) => role === 'client' && companyRole === 'owner';
const nobody = () => false;

/**
 * The proposal lifecycle as data: staff send a draft and void a draft or a sent proposal; the client company's
 * owners accept or decline a sent one; the expiry job expires a sent one past its `valid_until`. The server's
 * state machine and the web's buttons read this table.
 */
export const PROPOSAL_TRANSITIONS: readonly ProposalEdge[] = [
  { from: ['draft'], to: 'sent', who: isStaff, system: [] },
  { from: ['sent'], to: 'accepted', who: isOwner, system: [] },
  { from: ['sent'], to: 'declined', who: isOwner, system: [] },
  { from: ['sent'], to: 'expired', who: nobody, system: ['valid_until_passed'] },
  { from: ['draft', 'sent'], to: 'void', who: isStaff, system: [] },
];

export function canChangeProposalStatus(role: Role, companyRole: CompanyRole | null, from: ProposalStatus, to: ProposalStatus): boolean {
  return PROPOSAL_TRANSITIONS.some((e) => e.to === to && e.from.includes(from) && e.who(role, companyRole));
}
