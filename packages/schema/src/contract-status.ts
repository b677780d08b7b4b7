// Contract kinds, statuses, labels and who may change them, without zod: the dashboards show a contract's status
// without loading the validation library.
import type { Role } from './roles.js';

export const CONTRACT_KINDS = ['client', 'team'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

export const CONTRACT_KIND_LABELS: Record<ContractKind, string> = { client: 'Client contract', team: 'Team contract' };

export const CONTRACT_STATUSES = ['draft', 'sent', 'signed', 'void', 'expired'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: 'Draft',
  sent: 'Awaiting signature',
  signed: 'Signed',
  void: 'Void',
  expired: 'Expired',
};

/** Who takes a contract transition: a person in a role, or the scheduler (expiry). */
export type ContractActorRole = Role | 'system';
export type ContractRelation = { isSigner: boolean };

type ContractEdge = { from: readonly ContractStatus[]; to: ContractStatus; who: (role: ContractActorRole, relation: ContractRelation) => boolean };

const isStaff = (role: ContractActorRole) => role === 'superadmin' || role === 'admin';

/**
 * The contract lifecycle (DESIGN section 6) as data: `draft -> sent -> signed`, `void` (with a reason) from a
 * draft or a sent contract, `expired` when a sent one passes its `expires_at`. Staff send and void, only the
 * signer signs, only the scheduler expires. The server's state machine and the web's buttons read this table.
 */
export const CONTRACT_TRANSITIONS: readonly ContractEdge[] = [
  { from: ['draft'], to: 'sent', who: isStaff },
  { from: ['sent'], to: 'signed', who: (role, relation) => role !== 'system' && relation.isSigner },
  { from: ['draft', 'sent'], to: 'void', who: isStaff },
  { from: ['sent'], to: 'expired', who: (role) => role === 'system' },
];

/** Whether this person may move a contract from `from` to `to` now. */
export function canChangeContractStatus(role: ContractActorRole, from: ContractStatus, to: ContractStatus, relation: ContractRelation): boolean {
  return CONTRACT_TRANSITIONS.some((e) => e.to === to && e.from.includes(from) && e.who(role, relation));
}

/** Days after sending before an unsigned contract gets its one reminder (the server's default for CONTRACT_REMINDER_DAYS). */
export const CONTRACT_REMINDER_DAYS_DEFAULT = 3;
/** The send dialog proposes this many days until expiry. */
export const CONTRACT_DEFAULT_EXPIRY_DAYS = 30;
/** A drawn signature: a PNG data URL of at most this many bytes once decoded. */
export const MAX_SIGNATURE_IMAGE_BYTES = 200 * 1024;
export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';
export const MAX_TEMPLATE_BODY_LENGTH = 50_000;

/** The variables a template may use, which kinds offer them, and what they stand for. */
export const CONTRACT_TEMPLATE_VARIABLES = [
  { name: 'client.name', kinds: ['client', 'team'], description: "The client's name" },
  { name: 'client.company', kinds: ['client', 'team'], description: "The client's company" },
  { name: 'client.email', kinds: ['client', 'team'], description: "The client's e-mail address" },
  { name: 'project.title', kinds: ['client', 'team'], description: 'The project title' },
  { name: 'project.description', kinds: ['client', 'team'], description: 'The project description' },
  // The budget is the client's business: team members may not see it (issue 12), so team contracts cannot name it.
  { name: 'project.budget', kinds: ['client'], description: 'The budget with its currency' },
  { name: 'project.deadline', kinds: ['client', 'team'], description: 'The desired deadline' },
  { name: 'project.team_lead', kinds: ['client', 'team'], description: "The team lead's name" },
  // The accepted proposal of the project (issue 31): empty until one is accepted.
  { name: 'proposal.items', kinds: ['client'], description: 'The items of the accepted proposal, one line each with its amount' },
  { name: 'proposal.total', kinds: ['client'], description: 'The total of the accepted proposal with its currency' },
  { name: 'proposal.deposit', kinds: ['client'], description: 'The deposit of the accepted proposal: its percentage and amount' },
  { name: 'agency.name', kinds: ['client', 'team'], description: "The agency's name" },
  { name: 'agency.email', kinds: ['client', 'team'], description: "The agency's contact e-mail" },
  { name: 'agency.phone', kinds: ['client', 'team'], description: "The agency's contact phone" },
  { name: 'signer.name', kinds: ['client', 'team'], description: 'The name of the person who signs' },
  { name: 'today', kinds: ['client', 'team'], description: "The date the contract is sent (today's date in a preview)" },
  { name: 'employee.name', kinds: ['team'], description: "The employee's name" },
  { name: 'employee.email', kinds: ['team'], description: "The employee's e-mail address" },
  { name: 'employee.role', kinds: ['team'], description: "The employee's role on the project (Team lead or Team member)" },
] as const satisfies readonly { name: string; kinds: readonly ContractKind[]; description: string }[];

export type ContractTemplateVariable = (typeof CONTRACT_TEMPLATE_VARIABLES)[number]['name'];

export function templateVariablesFor(kind: ContractKind): string[] {
  return CONTRACT_TEMPLATE_VARIABLES.filter((v) => (v.kinds as readonly ContractKind[]).includes(kind)).map((v) => v.name);
}

export const CONTRACT_EVENT_KINDS = ['created', 'updated', 'sent', 'viewed', 'reminded', 'signed', 'voided', 'expired'] as const;
export type ContractEventKind = (typeof CONTRACT_EVENT_KINDS)[number];

export const CONTRACT_EVENT_LABELS: Record<ContractEventKind, string> = {
  created: 'Created',
  updated: 'Edited',
  sent: 'Sent for signature',
  viewed: 'Opened by the signer',
  reminded: 'Reminder sent',
  signed: 'Signed',
  voided: 'Voided',
  expired: 'Expired',
};
