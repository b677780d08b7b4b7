import { isBoardReadable, isBoardWritable, type BoardCard, type Card, type CardComment, type ProjectStatus } from '@agency/schema';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import { assertCan, projectScope, type ProjectFacts } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { boardCardAttachments, boardCardComments, boardCardEvents, boardCards, boardColumns, boards, projects, users } from '../../db/schema.js';
import { signUrl } from '../../lib/signed-url.js';

export type CardRow = typeof boardCards.$inferSelect;
export type ColumnRow = typeof boardColumns.$inferSelect;
export type ProjectInfo = { id: number; title: string; status: ProjectStatus; facts: ProjectFacts };

export const CARD_NOT_FOUND = 'Card not found';
export const BOARD_NOT_FOUND = 'Board not found';
export const COLUMN_NOT_FOUND = 'Column not found';

export function cardAttachmentDownloadPath(cardId: number, attachmentId: number) {
  return `/api/board/cards/${cardId}/attachments/${attachmentId}/download`;
}

/** A card as the board lists it (the board itself builds the same shape in SQL, `boardJson`). */
function presentBoardCard(c: CardRow): BoardCard {
  let checked = 0;
  for (const item of c.checklist) if (item.done) checked += 1;
  return {
    id: String(c.id),
    project_id: String(c.projectId),
    column_id: String(c.columnId),
    title: c.title,
    position: c.position,
    version: c.version,
    assignee_ids: c.assigneeIds.map(String),
    labels: c.labels,
    due_date: c.dueDate,
    done: c.doneAt !== null,
    checklist_done: checked,
    checklist_total: c.checklist.length,
    comment_count: c.commentCount,
    attachment_count: c.attachmentCount,
    updated_at: c.updatedAt.toISOString(),
  };
}

export function presentColumn(c: ColumnRow) {
  return { id: String(c.id), name: c.name, position: c.position, wip_limit: c.wipLimit };
}

export function presentComment(comment: typeof boardCardComments.$inferSelect, authorName: string): CardComment {
  return {
    id: String(comment.id),
    body: comment.body,
    author: { id: String(comment.authorId), name: authorName },
    created_at: comment.createdAt.toISOString(),
  };
}

export async function presentCard(ctx: AppContext, actor: Actor, card: CardRow, project: ProjectInfo): Promise<Card> {
  const [column, comments, files, events, people] = await Promise.all([
    ctx.db.select({ name: boardColumns.name }).from(boardColumns).where(eq(boardColumns.id, card.columnId)).limit(1),
    ctx.db
      .select({ comment: boardCardComments, authorName: users.name })
      .from(boardCardComments)
      .innerJoin(users, eq(users.id, boardCardComments.authorId))
      .where(eq(boardCardComments.cardId, card.id))
      .orderBy(asc(boardCardComments.id)),
    ctx.db
      .select({ file: boardCardAttachments, uploaderName: users.name })
      .from(boardCardAttachments)
      .innerJoin(users, eq(users.id, boardCardAttachments.uploadedBy))
      .where(eq(boardCardAttachments.cardId, card.id))
      .orderBy(asc(boardCardAttachments.id)),
    ctx.db
      .select({ event: boardCardEvents, actorName: users.name })
      .from(boardCardEvents)
      .leftJoin(users, eq(users.id, boardCardEvents.actorId))
      .where(eq(boardCardEvents.cardId, card.id))
      .orderBy(desc(boardCardEvents.id))
      .limit(100),
    ctx.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...card.assigneeIds, ...(card.createdBy !== null ? [card.createdBy] : [])])),
  ]);
  const names = new Map(people.map((p) => [p.id, p.name]));
  const now = ctx.now();
  return {
    ...presentBoardCard(card),
    project_title: project.title,
    column_name: column[0]?.name ?? '',
    description: card.description,
    checklist: card.checklist,
    assignees: card.assigneeIds.map((id) => ({ id: String(id), name: names.get(id) ?? 'Former member' })),
    created_by: card.createdBy !== null ? { id: String(card.createdBy), name: names.get(card.createdBy) ?? '' } : null,
    created_at: card.createdAt.toISOString(),
    completed_at: card.doneAt?.toISOString() ?? null,
    comments: comments.map(({ comment, authorName }) => presentComment(comment, authorName)),
    attachments: files.map(({ file, uploaderName }) => ({
      id: String(file.id),
      name: file.name,
      mime: file.mime,
      size: file.size,
      url: signUrl(ctx.signingKey, cardAttachmentDownloadPath(card.id, file.id), now, ctx.config.signedUrlTtlMs, actor.sessionId),
      uploaded_by: { id: String(file.uploadedBy), name: uploaderName },
      created_at: file.createdAt.toISOString(),
    })),
    activity: events.map(({ event, actorName }) => ({
      id: String(event.id),
      kind: event.kind,
      summary: event.summary,
      actor: event.actorId !== null ? { id: String(event.actorId), name: actorName ?? '' } : null,
      created_at: event.createdAt.toISOString(),
    })),
  };
}

/** A project with the facts the policy decides on; 404 when it does not exist. */
export async function loadProject(db: DbOrTx, projectId: number, notFound: string): Promise<ProjectInfo> {
  const [row] = await db
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      clientId: projects.clientId,
      companyId: projects.companyId,
      teamLeadId: projects.teamLeadId,
      // Qualified by hand: Drizzle leaves columns unqualified in a single-table select.
      memberIds: sql<(string | number)[] | null>`(select array_agg(pm.user_id) from project_members pm where pm.project_id = "projects"."id")`,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', notFound);
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    facts: { companyId: row.companyId, clientId: row.clientId, teamLeadId: row.teamLeadId, memberIds: (row.memberIds ?? []).map(Number) },
  };
}

export function assertWritable(project: ProjectInfo) {
  if (!isBoardWritable(project.status)) {
    throw new AppError(
      'BOARD_CLOSED',
      isBoardReadable(project.status)
        ? 'This project is closed: its board can be read but no longer changed'
        : 'The board opens once the project is approved',
    );
  }
}

export function teamIds(project: ProjectInfo): number[] {
  return [...(project.facts.teamLeadId !== null ? [project.facts.teamLeadId] : []), ...project.facts.memberIds];
}

/** New assignees must work on the project; people assigned before and since moved on may stay. */
export function assertAssignable(project: ProjectInfo, ids: readonly number[], already: readonly number[] = []) {
  const team = new Set(teamIds(project));
  const strangers = ids.filter((id) => !team.has(id) && !already.includes(id));
  if (strangers.length > 0) throw new AppError('VALIDATION_FAILED', 'assignee_ids: assignees must be members of this project');
}

/** A card and its project; 404 when either is missing or the caller may not know them. */
export async function loadCard(db: DbOrTx, actor: Actor, cardId: number, action: 'board:read' | 'board:edit', lock = false) {
  const query = db.select().from(boardCards).where(eq(boardCards.id, cardId)).limit(1);
  const [card] = lock ? await query.for('update') : await query;
  if (!card) throw new AppError('NOT_FOUND', CARD_NOT_FOUND);
  const project = await loadProject(db, card.projectId, CARD_NOT_FOUND);
  assertCan(actor, action, project.facts, CARD_NOT_FOUND);
  return { card, project };
}

export async function loadColumn(tx: DbOrTx, actor: Actor, columnId: number) {
  const [column] = await tx.select().from(boardColumns).where(eq(boardColumns.id, columnId)).limit(1);
  if (!column) throw new AppError('NOT_FOUND', COLUMN_NOT_FOUND);
  const project = await loadProject(tx, column.projectId, COLUMN_NOT_FOUND);
  assertCan(actor, 'board:manage_columns', project.facts, COLUMN_NOT_FOUND);
  assertWritable(project);
  return { column, project };
}

export async function columnsOf(db: DbOrTx, projectId: number) {
  return db.select().from(boardColumns).where(eq(boardColumns.projectId, projectId)).orderBy(asc(boardColumns.position));
}

export async function lockBoard(tx: DbOrTx, projectId: number) {
  await tx.select({ id: boards.projectId }).from(boards).where(eq(boards.projectId, projectId)).for('update');
}

/** Locks a column of this project for the rest of the transaction: moves into one column happen one at a time. */
export async function lockColumn(tx: DbOrTx, projectId: number, columnId: number, message: string) {
  const [column] = await tx
    .select()
    .from(boardColumns)
    .where(and(eq(boardColumns.id, columnId), eq(boardColumns.projectId, projectId)))
    .for('update');
  if (!column) throw new AppError('BAD_REQUEST', message);
  return column;
}

export async function cardCount(tx: DbOrTx, columnId: number) {
  const [row] = await tx.select({ n: count() }).from(boardCards).where(eq(boardCards.columnId, columnId));
  return Number(row?.n ?? 0);
}

export async function siblingsOf(tx: DbOrTx, columnId: number) {
  return tx.select({ id: boardCards.id, position: boardCards.position }).from(boardCards).where(eq(boardCards.columnId, columnId));
}

export async function isDoneColumn(tx: DbOrTx, projectId: number, columnId: number) {
  const [last] = await tx
    .select({ id: boardColumns.id })
    .from(boardColumns)
    .where(eq(boardColumns.projectId, projectId))
    .orderBy(desc(boardColumns.position))
    .limit(1);
  return last?.id === columnId;
}

/** The projects whose boards a caller sees at a glance, as SQL. */
export function visibleBoards(actor: Actor) {
  const scope = projectScope(actor);
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'team':
      return sql`("projects"."team_lead_id" = ${scope.userId} or exists (select 1 from project_members pm where pm.project_id = "projects"."id" and pm.user_id = ${scope.userId}))`;
    case 'company':
      // The policy hides boards from clients before this is reached; fail closed all the same.
      return sql`false`;
  }
}
