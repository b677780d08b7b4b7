import { z } from 'zod';
import { idString, isoDateSchema } from './api.js';
import { currencySchema } from './money.js';
import { type Role } from './roles.js';

export const PROJECT_STATUSES = ['pending', 'approved', 'rejected', 'in_progress', 'completed', 'cancelled'] as const;
export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

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

/** Changes the product makes on its own: a paid deposit starts the work (kickoff). */
export const PROJECT_TRIGGERS = ['deposit_paid'] as const;
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
  { from: ['pending'], to: 'approved', who: (role) => role === 'superadmin' },
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

export const createProjectInput = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(3, 'Title must be at least 3 characters')
    .max(120, 'Title must be at most 120 characters'),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(10, 'Description must be at least 10 characters')
    .max(5000, 'Description must be at most 5000 characters'),
  category: z.string().trim().max(60, 'Category must be at most 60 characters').optional(),
  budget_minor: z
    .number()
    .int('Budget must be a whole number of minor units')
    .min(0, 'Budget cannot be negative')
    .max(1_000_000_000_00, 'Budget is too large')
    .optional(),
  currency: currencySchema.optional(),
  deadline: isoDateSchema.optional(),
});
export type CreateProjectInput = z.input<typeof createProjectInput>;

export const personSchema = z.object({ id: z.string(), name: z.string() });
export type Person = z.infer<typeof personSchema>;

export const projectAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
  created_at: z.string(),
});
export type ProjectAttachment = z.infer<typeof projectAttachmentSchema>;

export const projectSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  budget_minor: z.number().nullable(),
  currency: z.string(),
  deadline: z.string().nullable(),
  status: projectStatusSchema,
  rejection_reason: z.string().nullable(),
  client_id: z.string(),
  client: personSchema,
  team_lead: personSchema.nullable(),
  members: z.array(personSchema),
  attachments: z.array(projectAttachmentSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListItemSchema = projectSchema.omit({ members: true, attachments: true });
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

export const PROJECT_EVENT_KINDS = ['created', 'status_changed', 'attachment_added'] as const;

export const projectEventSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  project_title: z.string().optional(),
  kind: z.enum(PROJECT_EVENT_KINDS),
  from_status: projectStatusSchema.nullable(),
  to_status: projectStatusSchema.nullable(),
  note: z.string().nullable(),
  actor: personSchema.nullable(),
  /** Made by the product on its own (a paid deposit started the work), not by a person. */
  automatic: z.boolean(),
  created_at: z.string(),
});
export type ProjectEvent = z.infer<typeof projectEventSchema>;

export const approveProjectInput = z.object({
  team_lead_id: idString('Choose a team lead'),
  member_ids: z.array(idString('Invalid member')).max(50).optional(),
  note: z.string().trim().max(1000, 'Note must be at most 1000 characters').optional(),
});
export type ApproveProjectInput = z.input<typeof approveProjectInput>;

export const rejectProjectInput = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, 'A reason is required (at least 3 characters)')
    .max(1000, 'Reason must be at most 1000 characters'),
});
export type RejectProjectInput = z.input<typeof rejectProjectInput>;

export const changeProjectStatusInput = z.object({
  status: z.enum(['in_progress', 'completed', 'cancelled']),
  note: z.string().trim().max(1000, 'Note must be at most 1000 characters').optional(),
});
export type ChangeProjectStatusInput = z.input<typeof changeProjectStatusInput>;

export const projectSummarySchema = z.object({
  counts: z.object({
    pending: z.number(),
    approved: z.number(),
    rejected: z.number(),
    in_progress: z.number(),
    completed: z.number(),
    cancelled: z.number(),
  }) satisfies z.ZodType<Record<ProjectStatus, number>>,
  total: z.number(),
  pending: z.number(),
  needs_attention: z.array(projectListItemSchema),
  recent_activity: z.array(projectEventSchema),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const MAX_PROJECT_ATTACHMENTS = 10;
