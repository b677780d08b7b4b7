import { z } from 'zod';
import { idString, isoDateSchema } from './api.js';
import { currencySchema } from './money.js';
import { PROJECT_EVENT_KINDS, PROJECT_STATUSES, type ProjectStatus } from './project-status.js';

export const projectStatusSchema = z.enum(PROJECT_STATUSES);

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
  /** The client company the project belongs to (every person of it sees the project, by role). */
  company_id: z.string(),
  team_lead: personSchema.nullable(),
  members: z.array(personSchema),
  attachments: z.array(projectAttachmentSchema),
  /**
   * Whether staff share the project's time log (approved and billed hours) with its client company's owners and
   * billing people: `GET /api/projects/{id}/time-log` answers them only while it is true.
   */
  time_log_shared: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListItemSchema = projectSchema.omit({ members: true, attachments: true, time_log_shared: true });
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

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
