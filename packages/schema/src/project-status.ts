// The project statuses, their labels and who may change them, without zod: the signed-in screens show a project's
// status and its buttons without loading the validation library.
import type { Role } from './roles.js';

export const PROJECT_STATUSES = ['pending', 'approved', 'rejected', 'in_progress', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  pending: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const OPEN_PROJECT_STATUSES: readonly ProjectStatus[] = ['pending', 'approved', 'in_progress'];

export function isOpenProject(status: ProjectStatus): boolean {
  return OPEN_PROJECT_STATUSES.includes(status);
}

export type ProjectRelation = { isTeamLead: boolean };

/**
 * Changes the product makes on its own: a paid deposit starts the work (kickoff); a client's acceptance of a proposal
 * approves the pending project it was made for, with the team staff chose when they wrote it.
 */
export const PROJECT_TRIGGERS = ['deposit_paid', 'proposal_accepted'] as const;
export type ProjectTrigger = (typeof PROJECT_TRIGGERS)[number];

type ProjectEdge = {
  from: readonly ProjectStatus[];
  to: ProjectStatus;
  who: (role: Role, relation: ProjectRelation) => boolean;
  /** What may take this edge with no person behind it; recorded on the timeline as automatic. */
  system?: readonly ProjectTrigger[];
};

const isStaff = (role: Role) => role === 'superadmin' || role === 'admin';
const staffOrOwnLead = (role: Role, relation: ProjectRelation) => isStaff(role) || (role === 'teamlead' && relation.isTeamLead);

/**
 * The project lifecycle (DESIGN section 6) as data: which status may become which, and who may make the change.
 * Approve and reject only the super admin; start and complete staff or the project's own team lead; cancel
 * staff, from any open state. A paid deposit starts an approved project on its own (kickoff). The server's state
 * machine and the web's buttons both read this table.
 */
export const PROJECT_TRANSITIONS: readonly ProjectEdge[] = [
  { from: ['pending'], to: 'approved', who: (role) => role === 'superadmin', system: ['proposal_accepted'] },
  { from: ['pending'], to: 'rejected', who: (role) => role === 'superadmin' },
  { from: ['approved'], to: 'in_progress', who: staffOrOwnLead, system: ['deposit_paid'] },
  { from: ['in_progress'], to: 'completed', who: staffOrOwnLead },
  { from: OPEN_PROJECT_STATUSES, to: 'cancelled', who: isStaff },
];

/** The statuses a project may move to from `status`, for anyone. */
export function nextProjectStatuses(status: ProjectStatus): ProjectStatus[] {
  return PROJECT_TRANSITIONS.filter((e) => e.from.includes(status)).map((e) => e.to);
}

/** Whether this person may move a project from `from` to `to` now. */
export function canChangeProjectStatus(role: Role, from: ProjectStatus, to: ProjectStatus, relation: ProjectRelation): boolean {
  return PROJECT_TRANSITIONS.some((e) => e.to === to && e.from.includes(from) && e.who(role, relation));
}

export const PROJECT_EVENT_KINDS = ['created', 'status_changed', 'attachment_added'] as const;

export const MAX_PROJECT_ATTACHMENTS = 10;
