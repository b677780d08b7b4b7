import { z } from 'zod';
import { idString, isoDateSchema } from './api.js';
import {
  BOARD_COLUMN_NAME_MAX,
  CARD_ASSIGNEES_MAX,
  CARD_CHECKLIST_ITEM_MAX,
  CARD_CHECKLIST_MAX,
  CARD_COMMENT_MAX,
  CARD_DESCRIPTION_MAX,
  CARD_LABELS_MAX,
  CARD_LABEL_MAX_LENGTH,
  CARD_TITLE_MAX,
  WIP_LIMIT_MAX,
} from './board-rules.js';

// The kanban board of a project (issue 11): columns with WIP limits, cards ordered by fractional keys.

const cardTitle = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(CARD_TITLE_MAX, `Title must be at most ${CARD_TITLE_MAX} characters`);

const labelList = z
  .array(
    z.string().trim().min(1, 'A label cannot be empty').max(CARD_LABEL_MAX_LENGTH, `A label must be at most ${CARD_LABEL_MAX_LENGTH} characters`),
  )
  .max(CARD_LABELS_MAX, `A card can have at most ${CARD_LABELS_MAX} labels`);

const assigneeList = z.array(idString('Invalid assignee')).max(CARD_ASSIGNEES_MAX, `A card can have at most ${CARD_ASSIGNEES_MAX} assignees`);

export const checklistItemSchema = z.object({
  id: z.string().min(1).max(40),
  text: z
    .string()
    .trim()
    .min(1, 'A checklist item cannot be empty')
    .max(CARD_CHECKLIST_ITEM_MAX, `A checklist item must be at most ${CARD_CHECKLIST_ITEM_MAX} characters`),
  done: z.boolean(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

const checklist = z.array(checklistItemSchema).max(CARD_CHECKLIST_MAX, `A checklist can have at most ${CARD_CHECKLIST_MAX} items`);
const description = z.string().max(CARD_DESCRIPTION_MAX, `Description must be at most ${CARD_DESCRIPTION_MAX} characters`);
/** The card's version as the writer last saw it: a stale one is answered 409 STALE_STATE. */
const version = z.number({ error: 'The card version is required' }).int().min(1).max(2_000_000_000);

export const createCardInput = z.object({
  column_id: idString('Choose a column'),
  title: cardTitle,
  description: description.optional(),
  assignee_ids: assigneeList.optional(),
  due_date: isoDateSchema.nullable().optional(),
  labels: labelList.optional(),
  checklist: checklist.optional(),
});
export type CreateCardInput = z.input<typeof createCardInput>;

export const updateCardInput = z.object({
  version,
  title: cardTitle.optional(),
  description: description.optional(),
  assignee_ids: assigneeList.optional(),
  due_date: isoDateSchema.nullable().optional(),
  labels: labelList.optional(),
  checklist: checklist.optional(),
});
export type UpdateCardInput = z.input<typeof updateCardInput>;

/** `after_card_id`: the card it goes right after; `before_card_id`: the one it goes right before; neither: the end. */
export const moveCardInput = z.object({
  version,
  column_id: idString('Choose a column'),
  before_card_id: idString('Invalid card').optional(),
  after_card_id: idString('Invalid card').optional(),
});
export type MoveCardInput = z.input<typeof moveCardInput>;

export const deleteCardQuery = z.object({ version: z.coerce.number().int().min(1).max(2_000_000_000) });

export const wipLimitSchema = z
  .number()
  .int('A WIP limit is a whole number')
  .min(1, 'A WIP limit is at least 1')
  .max(WIP_LIMIT_MAX, `A WIP limit is at most ${WIP_LIMIT_MAX}`)
  .nullable();

const columnName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(BOARD_COLUMN_NAME_MAX, `Name must be at most ${BOARD_COLUMN_NAME_MAX} characters`);

/** A new column goes after `after_column_id`, or just before the last (done) column when none is given. */
export const createColumnInput = z.object({
  name: columnName,
  wip_limit: wipLimitSchema.optional(),
  after_column_id: idString('Invalid column').optional(),
});
export type CreateColumnInput = z.input<typeof createColumnInput>;

export const updateColumnInput = z
  .object({ name: columnName.optional(), wip_limit: wipLimitSchema.optional() })
  .refine((v) => v.name !== undefined || v.wip_limit !== undefined, { message: 'Nothing to change' });
export type UpdateColumnInput = z.input<typeof updateColumnInput>;

export const moveColumnInput = z.object({
  before_column_id: idString('Invalid column').optional(),
  after_column_id: idString('Invalid column').optional(),
});
export type MoveColumnInput = z.input<typeof moveColumnInput>;

export const createCommentInput = z.object({
  body: z
    .string({ error: 'Write a comment' })
    .trim()
    .min(1, 'Write a comment')
    .max(CARD_COMMENT_MAX, `A comment must be at most ${CARD_COMMENT_MAX} characters`),
});
export type CreateCommentInput = z.input<typeof createCommentInput>;

/** A card as the board lists it: enough to draw, filter and move it. */
export const boardCardSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  column_id: z.string(),
  title: z.string(),
  position: z.string(),
  version: z.number(),
  assignee_ids: z.array(z.string()),
  labels: z.array(z.string()),
  due_date: z.string().nullable(),
  done: z.boolean(),
  checklist_done: z.number(),
  checklist_total: z.number(),
  comment_count: z.number(),
  attachment_count: z.number(),
  updated_at: z.string(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

export const boardColumnSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.string(),
  wip_limit: z.number().nullable(),
  cards: z.array(boardCardSchema),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

export const boardMemberSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(['teamlead', 'teammember']) });
export type BoardMember = z.infer<typeof boardMemberSchema>;

export const boardSchema = z.object({
  project: z.object({ id: z.string(), title: z.string(), status: z.string() }),
  /** Whether cards and columns may be changed (approved or in-progress project). */
  writable: z.boolean(),
  /** Whether the caller may add, rename, reorder and delete columns and set WIP limits. */
  can_manage_columns: z.boolean(),
  members: z.array(boardMemberSchema),
  columns: z.array(boardColumnSchema),
});
export type Board = z.infer<typeof boardSchema>;

export const cardAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
  uploaded_by: z.object({ id: z.string(), name: z.string() }),
  created_at: z.string(),
});
export type CardAttachment = z.infer<typeof cardAttachmentSchema>;

export const cardCommentSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: z.object({ id: z.string(), name: z.string() }),
  created_at: z.string(),
});
export type CardComment = z.infer<typeof cardCommentSchema>;

export const CARD_EVENT_KINDS = ['created', 'updated', 'moved', 'commented', 'attachment_added', 'attachment_removed'] as const;
export type CardEventKind = (typeof CARD_EVENT_KINDS)[number];

export const cardEventSchema = z.object({
  id: z.string(),
  kind: z.enum(CARD_EVENT_KINDS),
  /** A line for people: "moved from To do to In progress", "changed the title and the due date". */
  summary: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type CardEvent = z.infer<typeof cardEventSchema>;

/** One card with everything the card dialog shows. */
export const cardSchema = boardCardSchema.extend({
  project_title: z.string(),
  column_name: z.string(),
  description: z.string(),
  checklist: z.array(checklistItemSchema),
  assignees: z.array(z.object({ id: z.string(), name: z.string() })),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  comments: z.array(cardCommentSchema),
  attachments: z.array(cardAttachmentSchema),
  activity: z.array(cardEventSchema),
});
export type Card = z.infer<typeof cardSchema>;

/** A card of mine on the dashboards, across projects. */
export const myCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  project: z.object({ id: z.string(), title: z.string() }),
  column_name: z.string(),
  due_date: z.string().nullable(),
  labels: z.array(z.string()),
  checklist_done: z.number(),
  checklist_total: z.number(),
});
export type MyCard = z.infer<typeof myCardSchema>;

export const columnCountSchema = z.object({ id: z.string(), name: z.string(), count: z.number(), wip_limit: z.number().nullable() });
export type ColumnCount = z.infer<typeof columnCountSchema>;

/** One project's board at a glance (the team-lead dashboard). */
export const boardSummarySchema = z.object({
  project: z.object({ id: z.string(), title: z.string(), status: z.string() }),
  columns: z.array(columnCountSchema),
  total: z.number(),
  done: z.number(),
  overdue: z.number(),
  unassigned: z.number(),
});
export type BoardSummary = z.infer<typeof boardSummarySchema>;

/** What a client sees of the board: progress only, never the cards. */
export const projectProgressSchema = z.object({
  /** False while the project has no board (not yet approved). */
  has_board: z.boolean(),
  columns: z.array(z.object({ name: z.string(), count: z.number() })),
  total: z.number(),
  done: z.number(),
});
export type ProjectProgress = z.infer<typeof projectProgressSchema>;
