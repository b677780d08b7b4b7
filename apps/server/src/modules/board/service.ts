import {
  BOARD_DEFAULT_COLUMNS,
  BOARD_MAX_COLUMNS,
  MAX_ATTACHMENT_BYTES,
  MAX_CARD_ATTACHMENTS,
  isBoardReadable,
  isBoardWritable,
  type Board,
  type BoardCard,
  type BoardSummary,
  type Card,
  type CardComment,
  type CardEventKind,
  type CreateCardInput,
  type CreateColumnInput,
  type MoveCardInput,
  type MoveColumnInput,
  type MyCard,
  type ProjectProgress,
  type ProjectStatus,
  type UpdateCardInput,
  type UpdateColumnInput,
} from '@agency/schema';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { BoardChange, Publish } from '../../core/events.js';
import { assertCan, can, projectScope, type ProjectFacts } from '../../core/policy.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import {
  boardCardAttachments,
  boardCardComments,
  boardCardEvents,
  boardCards,
  boardColumns,
  boards,
  projects,
  users,
  type ChecklistRow,
} from '../../db/schema.js';
import { signUrl } from '../../lib/signed-url.js';
import type { NotificationService } from '../notifications/service.js';
import { assertWithinQuota } from '../storage/service.js';
import { assertRoomInColumn, doneColumnId, initialKeys, keyForPlacement } from './ordering.js';

type CardRow = typeof boardCards.$inferSelect;
type ColumnRow = typeof boardColumns.$inferSelect;
type ProjectInfo = { id: number; title: string; status: ProjectStatus; facts: ProjectFacts };

const CARD_NOT_FOUND = 'Card not found';
const BOARD_NOT_FOUND = 'Board not found';
const COLUMN_NOT_FOUND = 'Column not found';

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

function presentColumn(c: ColumnRow) {
  return { id: String(c.id), name: c.name, position: c.position, wip_limit: c.wipLimit };
}

/** Trimmed, de-duplicated labels in the order given. */
function cleanLabels(labels: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const label of labels) {
    const text = label.trim();
    const key = text.toLowerCase();
    if (text && !seen.has(key)) {
      seen.add(key);
      out.push(text);
    }
  }
  return out;
}

function cleanChecklist(items: readonly ChecklistRow[]): ChecklistRow[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.id) && seen.add(i.id)).map((i) => ({ id: i.id, text: i.text.trim(), done: i.done }));
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function createBoardService(ctx: AppContext, notifications: NotificationService) {
  /** A project with the facts the policy decides on; 404 when it does not exist. */
  async function loadProject(db: DbOrTx, projectId: number, notFound: string): Promise<ProjectInfo> {
    const [row] = await db
      .select({
        id: projects.id,
        title: projects.title,
        status: projects.status,
        clientId: projects.clientId,
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
      facts: { clientId: row.clientId, teamLeadId: row.teamLeadId, memberIds: (row.memberIds ?? []).map(Number) },
    };
  }

  function assertWritable(project: ProjectInfo) {
    if (!isBoardWritable(project.status)) {
      throw new AppError(
        'BOARD_CLOSED',
        isBoardReadable(project.status)
          ? 'This project is closed: its board can be read but no longer changed'
          : 'The board opens once the project is approved',
      );
    }
  }

  function teamIds(project: ProjectInfo): number[] {
    return [...(project.facts.teamLeadId !== null ? [project.facts.teamLeadId] : []), ...project.facts.memberIds];
  }

  /** New assignees must work on the project; people assigned before and since moved on may stay. */
  function assertAssignable(project: ProjectInfo, ids: readonly number[], already: readonly number[] = []) {
    const team = new Set(teamIds(project));
    const strangers = ids.filter((id) => !team.has(id) && !already.includes(id));
    if (strangers.length > 0) throw new AppError('VALIDATION_FAILED', 'assignee_ids: assignees must be members of this project');
  }

  /** A card and its project; 404 when either is missing or the caller may not know them. */
  async function loadCard(db: DbOrTx, actor: Actor, cardId: number, action: 'board:read' | 'board:edit', lock = false) {
    const query = db.select().from(boardCards).where(eq(boardCards.id, cardId)).limit(1);
    const [card] = lock ? await query.for('update') : await query;
    if (!card) throw new AppError('NOT_FOUND', CARD_NOT_FOUND);
    const project = await loadProject(db, card.projectId, CARD_NOT_FOUND);
    assertCan(actor, action, project.facts, CARD_NOT_FOUND);
    return { card, project };
  }

  async function columnsOf(db: DbOrTx, projectId: number) {
    return db.select().from(boardColumns).where(eq(boardColumns.projectId, projectId)).orderBy(asc(boardColumns.position));
  }

  /** The board row and its default columns, made once however many people open a new board at the same time. */
  async function ensureBoard(projectId: number) {
    await ctx.transaction(async (tx) => {
      const created = await tx.insert(boards).values({ projectId, createdAt: ctx.now() }).onConflictDoNothing().returning({ id: boards.projectId });
      if (created.length === 0) return;
      const keys = initialKeys(BOARD_DEFAULT_COLUMNS.length);
      await tx.insert(boardColumns).values(BOARD_DEFAULT_COLUMNS.map((name, i) => ({ projectId, name, position: keys[i] })));
    });
  }

  /** Locks a column of this project for the rest of the transaction: moves into one column happen one at a time. */
  async function lockColumn(tx: DbOrTx, projectId: number, columnId: number, message: string) {
    const [column] = await tx
      .select()
      .from(boardColumns)
      .where(and(eq(boardColumns.id, columnId), eq(boardColumns.projectId, projectId)))
      .for('update');
    if (!column) throw new AppError('BAD_REQUEST', message);
    return column;
  }

  async function cardCount(tx: DbOrTx, columnId: number) {
    const [row] = await tx.select({ n: count() }).from(boardCards).where(eq(boardCards.columnId, columnId));
    return Number(row?.n ?? 0);
  }

  async function siblingsOf(tx: DbOrTx, columnId: number) {
    return tx.select({ id: boardCards.id, position: boardCards.position }).from(boardCards).where(eq(boardCards.columnId, columnId));
  }

  async function isDoneColumn(tx: DbOrTx, projectId: number, columnId: number) {
    const [last] = await tx
      .select({ id: boardColumns.id })
      .from(boardColumns)
      .where(eq(boardColumns.projectId, projectId))
      .orderBy(desc(boardColumns.position))
      .limit(1);
    return last?.id === columnId;
  }

  /** After the columns change: cards in the (new) last column are done, all others are not. */
  async function syncDone(tx: DbOrTx, projectId: number) {
    const columns = await columnsOf(tx, projectId);
    const doneId = doneColumnId(columns);
    const now = ctx.now();
    await tx
      .update(boardCards)
      .set({ doneAt: now })
      .where(and(eq(boardCards.projectId, projectId), eq(boardCards.columnId, doneId ?? 0), isNull(boardCards.doneAt)));
    await tx
      .update(boardCards)
      .set({ doneAt: null })
      .where(and(eq(boardCards.projectId, projectId), sql`${boardCards.columnId} <> ${doneId ?? 0}`, sql`${boardCards.doneAt} is not null`));
  }

  async function recordEvent(tx: DbOrTx, cardId: number, actor: Actor, kind: CardEventKind, summary: string) {
    await tx.insert(boardCardEvents).values({ cardId, actorId: actor.id, kind, summary, createdAt: ctx.now() });
  }

  function changed(publish: Publish, actor: Actor, projectId: number, change: BoardChange, ids: { cardId?: number; columnId?: number } = {}) {
    publish({ type: 'board.changed', projectId, change, actorId: actor.id, ...ids });
  }

  async function notifyAssigned(tx: DbOrTx, publish: Publish, actor: Actor, project: ProjectInfo, cardId: number, title: string, userIds: number[]) {
    await notifications.notify(
      tx,
      publish,
      userIds.filter((id) => id !== actor.id),
      {
        kind: 'card_assigned',
        title: 'A card was assigned to you',
        body: `${actor.name} assigned you "${title}" on ${project.title}.`,
        target: { type: 'board_card', id: String(cardId) },
        projectId: project.id,
      },
    );
  }

  async function presentCard(actor: Actor, card: CardRow, project: ProjectInfo): Promise<Card> {
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

  function presentComment(comment: typeof boardCardComments.$inferSelect, authorName: string): CardComment {
    return {
      id: String(comment.id),
      body: comment.body,
      author: { id: String(comment.authorId), name: authorName },
      created_at: comment.createdAt.toISOString(),
    };
  }

  async function getCard(actor: Actor, cardId: number): Promise<Card> {
    const { card, project } = await loadCard(ctx.db, actor, cardId, 'board:read');
    return presentCard(actor, card, project);
  }

  /**
   * The board as JSON text, ready to send. The cards (a thousand on a big board) are turned into JSON by the
   * database, one array per column in order, and spliced in: no per-card work in this process. The shape is
   * `boardSchema`'s; the board tests read it through the API.
   */
  async function boardJson(actor: Actor, projectId: number): Promise<string> {
    const project = await loadProject(ctx.db, projectId, BOARD_NOT_FOUND);
    assertCan(actor, 'board:read', project.facts, BOARD_NOT_FOUND);
    if (!isBoardReadable(project.status)) throw new AppError('BOARD_CLOSED', 'The board opens once the project is approved');
    const team = teamIds(project);
    const [existing, cards, members] = await Promise.all([
      columnsOf(ctx.db, projectId),
      ctx.db.execute(sql`
        select column_id, json_agg(card order by position)::text as cards
        from (
          select id::text as id, project_id::text as project_id, column_id::text as column_id, title, position,
                 version, assignee_ids::text[] as assignee_ids, labels, due_date::text as due_date, done_at is not null as done,
                 case when checklist = '[]'::jsonb then 0
                      else (select count(*) from jsonb_array_elements(checklist) item where item->>'done' = 'true') end as checklist_done,
                 jsonb_array_length(checklist) as checklist_total, comment_count, attachment_count,
                 to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
          from board_cards where project_id = ${projectId}
        ) card
        group by column_id`) as unknown as Promise<{ rows: { column_id: string; cards: string }[] }>,
      team.length
        ? ctx.db.select({ id: users.id, name: users.name, role: users.role }).from(users).where(inArray(users.id, team)).orderBy(asc(users.name))
        : Promise.resolve([]),
    ]);
    let columns = existing;
    if (columns.length === 0) {
      await ensureBoard(projectId);
      columns = await columnsOf(ctx.db, projectId);
    }
    const byColumn = new Map(cards.rows.map((r) => [r.column_id, r.cards]));
    const head: Omit<Board, 'columns'> = {
      project: { id: String(project.id), title: project.title, status: project.status },
      writable: isBoardWritable(project.status),
      can_manage_columns: isBoardWritable(project.status) && can(actor, 'board:manage_columns', project.facts),
      members: members.map((m) => ({ id: String(m.id), name: m.name, role: m.role === 'teamlead' ? 'teamlead' : 'teammember' })),
    };
    const columnsJson = columns.map((c) => `${JSON.stringify(presentColumn(c)).slice(0, -1)},"cards":${byColumn.get(String(c.id)) ?? '[]'}}`);
    return `${JSON.stringify(head).slice(0, -1)},"columns":[${columnsJson.join(',')}]}`;
  }

  /** The projects whose boards a caller sees at a glance, as SQL. */
  function visibleBoards(actor: Actor) {
    const scope = projectScope(actor);
    switch (scope.kind) {
      case 'all':
        return undefined;
      case 'team':
        return sql`("projects"."team_lead_id" = ${scope.userId} or exists (select 1 from project_members pm where pm.project_id = "projects"."id" and pm.user_id = ${scope.userId}))`;
      case 'client':
        // The policy hides boards from clients before this is reached; fail closed all the same.
        return sql`false`;
    }
  }

  return {
    boardJson,

    async getBoard(actor: Actor, projectId: number): Promise<Board> {
      return JSON.parse(await boardJson(actor, projectId)) as Board;
    },

    getCard,

    async createCard(actor: Actor, projectId: number, input: CreateCardInput): Promise<Card> {
      const created = await ctx.transaction(async (tx, publish) => {
        const project = await loadProject(tx, projectId, BOARD_NOT_FOUND);
        assertCan(actor, 'board:edit', project.facts, BOARD_NOT_FOUND);
        assertWritable(project);
        const assignees = [...new Set((input.assignee_ids ?? []).map(Number))];
        assertAssignable(project, assignees);
        const column = await lockColumn(tx, projectId, Number(input.column_id), 'column_id: that column is not on this board');
        assertRoomInColumn(column, await cardCount(tx, column.id), false);
        const position = keyForPlacement(await siblingsOf(tx, column.id), null, {});
        const now = ctx.now();
        const [card] = await tx
          .insert(boardCards)
          .values({
            projectId,
            columnId: column.id,
            title: input.title,
            description: input.description ?? '',
            position,
            assigneeIds: assignees,
            labels: cleanLabels(input.labels ?? []),
            dueDate: input.due_date ?? null,
            checklist: cleanChecklist(input.checklist ?? []),
            doneAt: (await isDoneColumn(tx, projectId, column.id)) ? now : null,
            createdBy: actor.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordEvent(tx, card.id, actor, 'created', `created the card in "${column.name}"`);
        await notifyAssigned(tx, publish, actor, project, card.id, card.title, assignees);
        changed(publish, actor, projectId, 'card_created', { cardId: card.id, columnId: column.id });
        return card;
      });
      return getCard(actor, created.id);
    },

    async updateCard(actor: Actor, cardId: number, input: UpdateCardInput): Promise<Card> {
      await ctx.transaction(async (tx, publish) => {
        const { card, project } = await loadCard(tx, actor, cardId, 'board:edit');
        assertWritable(project);
        if (card.version !== input.version) throw staleCard();
        const set: Partial<CardRow> = {};
        const what: string[] = [];
        if (input.title !== undefined && input.title !== card.title) {
          set.title = input.title;
          what.push('the title');
        }
        if (input.description !== undefined && input.description !== card.description) {
          set.description = input.description;
          what.push('the description');
        }
        let added: number[] = [];
        if (input.assignee_ids !== undefined) {
          const ids = [...new Set(input.assignee_ids.map(Number))];
          assertAssignable(project, ids, card.assigneeIds);
          if (!sameList(ids, card.assigneeIds)) {
            set.assigneeIds = ids;
            added = ids.filter((id) => !card.assigneeIds.includes(id));
            what.push('the assignees');
          }
        }
        if (input.due_date !== undefined && input.due_date !== card.dueDate) {
          set.dueDate = input.due_date;
          what.push('the due date');
        }
        if (input.labels !== undefined) {
          const labels = cleanLabels(input.labels);
          if (!sameList(labels, card.labels)) {
            set.labels = labels;
            what.push('the labels');
          }
        }
        if (input.checklist !== undefined) {
          const checklist = cleanChecklist(input.checklist);
          if (JSON.stringify(checklist) !== JSON.stringify(card.checklist)) {
            set.checklist = checklist;
            what.push('the checklist');
          }
        }
        if (what.length === 0) return;
        const [updated] = await tx
          .update(boardCards)
          .set({ ...set, version: sql`${boardCards.version} + 1`, updatedAt: ctx.now() })
          .where(and(eq(boardCards.id, cardId), eq(boardCards.version, input.version)))
          .returning({ id: boardCards.id, title: boardCards.title });
        if (!updated) throw staleCard();
        await recordEvent(tx, cardId, actor, 'updated', `changed ${listOf(what)}`);
        await notifyAssigned(tx, publish, actor, project, cardId, updated.title, added);
        changed(publish, actor, project.id, 'card_updated', { cardId });
      });
      return getCard(actor, cardId);
    },

    /**
     * Moves a card: one UPDATE of the card's own row (column, order key, version, done), never a renumbering.
     * The target column's row is locked first, so moves into one column are serialised: each computes its key
     * from the neighbours as they are, the keys stay unique, and the WIP count cannot be overrun by a race.
     */
    async moveCard(actor: Actor, cardId: number, input: MoveCardInput): Promise<Card> {
      await ctx.transaction(async (tx, publish) => {
        const { card, project } = await loadCard(tx, actor, cardId, 'board:edit');
        assertWritable(project);
        if (card.version !== input.version) throw staleCard();
        const column = await lockColumn(
          tx,
          project.id,
          Number(input.column_id),
          "column_id: a card can only move to a column of its own project's board",
        );
        const isSameColumn = column.id === card.columnId;
        assertRoomInColumn(column, isSameColumn ? 0 : await cardCount(tx, column.id), isSameColumn);
        const position = keyForPlacement(await siblingsOf(tx, column.id), cardId, {
          afterId: input.after_card_id !== undefined ? Number(input.after_card_id) : undefined,
          beforeId: input.before_card_id !== undefined ? Number(input.before_card_id) : undefined,
        });
        const isDone = await isDoneColumn(tx, project.id, column.id);
        const now = ctx.now();
        const [moved] = await tx
          .update(boardCards)
          .set({
            columnId: column.id,
            position,
            version: sql`${boardCards.version} + 1`,
            doneAt: isDone ? (card.doneAt ?? now) : null,
            updatedAt: now,
          })
          .where(and(eq(boardCards.id, cardId), eq(boardCards.version, input.version)))
          .returning({ id: boardCards.id });
        if (!moved) throw staleCard();
        if (!isSameColumn) {
          const [from] = await tx.select({ name: boardColumns.name }).from(boardColumns).where(eq(boardColumns.id, card.columnId));
          await recordEvent(tx, cardId, actor, 'moved', `moved the card from "${from?.name ?? ''}" to "${column.name}"`);
        }
        changed(publish, actor, project.id, 'card_moved', { cardId, columnId: column.id });
      });
      return getCard(actor, cardId);
    },

    async deleteCard(actor: Actor, cardId: number, version: number): Promise<void> {
      const files = await ctx.transaction(async (tx, publish) => {
        const [card] = await tx.select().from(boardCards).where(eq(boardCards.id, cardId)).limit(1);
        if (!card) throw new AppError('NOT_FOUND', CARD_NOT_FOUND);
        const project = await loadProject(tx, card.projectId, CARD_NOT_FOUND);
        assertCan(actor, 'board:delete_card', { ...project.facts, createdBy: card.createdBy }, CARD_NOT_FOUND);
        assertWritable(project);
        if (card.version !== version) throw staleCard();
        const stored = await tx
          .select({ key: boardCardAttachments.storedFilename })
          .from(boardCardAttachments)
          .where(eq(boardCardAttachments.cardId, cardId));
        const deleted = await tx
          .delete(boardCards)
          .where(and(eq(boardCards.id, cardId), eq(boardCards.version, version)))
          .returning({ id: boardCards.id });
        if (deleted.length === 0) throw staleCard();
        changed(publish, actor, project.id, 'card_deleted', { cardId });
        return stored.map((s) => s.key);
      });
      // After the commit: a rolled-back delete keeps its files. A crash in between leaves orphans for the sweep.
      for (const key of files) await ctx.storage.remove(key);
    },

    async addComment(actor: Actor, cardId: number, body: string): Promise<CardComment> {
      return ctx.transaction(async (tx, publish) => {
        const { card, project } = await loadCard(tx, actor, cardId, 'board:edit');
        assertWritable(project);
        const [comment] = await tx.insert(boardCardComments).values({ cardId, authorId: actor.id, body, createdAt: ctx.now() }).returning();
        await tx
          .update(boardCards)
          .set({ commentCount: sql`${boardCards.commentCount} + 1` })
          .where(eq(boardCards.id, cardId));
        await recordEvent(tx, cardId, actor, 'commented', 'commented');
        const watchers = [...card.assigneeIds, ...(card.createdBy !== null ? [card.createdBy] : [])].filter((id) => id !== actor.id);
        await notifications.notify(tx, publish, watchers, {
          kind: 'card_comment',
          title: 'New comment on a card',
          body: `${actor.name} commented on "${card.title}" (${project.title}).`,
          target: { type: 'board_card', id: String(cardId) },
          projectId: project.id,
        });
        changed(publish, actor, project.id, 'card_commented', { cardId });
        return presentComment(comment, actor.name);
      });
    },

    /** Who may attach, and how many files the card has; checked again when the files are recorded. */
    async assertMayAttach(actor: Actor, cardId: number) {
      const { card, project } = await loadCard(ctx.db, actor, cardId, 'board:edit');
      assertWritable(project);
      return { existing: card.attachmentCount };
    },

    async recordAttachments(actor: Actor, cardId: number, files: { name: string; mime: string; size: number; storedFilename: string }[]) {
      await ctx.transaction(async (tx, publish) => {
        const { card, project } = await loadCard(tx, actor, cardId, 'board:edit', true);
        assertWritable(project);
        if (card.attachmentCount + files.length > MAX_CARD_ATTACHMENTS) {
          throw new AppError('PAYLOAD_TOO_LARGE', `A card can have at most ${MAX_CARD_ATTACHMENTS} attachments`);
        }
        const now = ctx.now();
        await tx.insert(boardCardAttachments).values(files.map((f) => ({ ...f, cardId, uploadedBy: actor.id, createdAt: now })));
        await assertWithinQuota(tx, ctx.config.storageQuotaBytes, actor.id);
        await tx
          .update(boardCards)
          .set({ attachmentCount: sql`${boardCards.attachmentCount} + ${files.length}` })
          .where(eq(boardCards.id, cardId));
        await recordEvent(tx, cardId, actor, 'attachment_added', `attached ${files.map((f) => f.name).join(', ')}`);
        changed(publish, actor, project.id, 'card_files', { cardId });
      });
      return getCard(actor, cardId);
    },

    async removeAttachment(actor: Actor, cardId: number, attachmentId: number): Promise<void> {
      const key = await ctx.transaction(async (tx, publish) => {
        const { project } = await loadCard(tx, actor, cardId, 'board:edit', true);
        assertWritable(project);
        const [removed] = await tx
          .delete(boardCardAttachments)
          .where(and(eq(boardCardAttachments.id, attachmentId), eq(boardCardAttachments.cardId, cardId)))
          .returning();
        if (!removed) throw new AppError('NOT_FOUND', 'Attachment not found');
        await tx
          .update(boardCards)
          .set({ attachmentCount: sql`greatest(${boardCards.attachmentCount} - 1, 0)` })
          .where(eq(boardCards.id, cardId));
        await recordEvent(tx, cardId, actor, 'attachment_removed', `removed ${removed.name}`);
        changed(publish, actor, project.id, 'card_files', { cardId });
        return removed.storedFilename;
      });
      await ctx.storage.remove(key);
    },

    /** The file behind a signed download link (the signature is the proof of access). */
    async findAttachment(cardId: number, attachmentId: number) {
      const [row] = await ctx.db
        .select()
        .from(boardCardAttachments)
        .where(and(eq(boardCardAttachments.id, attachmentId), eq(boardCardAttachments.cardId, cardId)))
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', 'Attachment not found');
      return row;
    },

    async createColumn(actor: Actor, projectId: number, input: CreateColumnInput) {
      const project = await loadProject(ctx.db, projectId, BOARD_NOT_FOUND);
      assertCan(actor, 'board:manage_columns', project.facts, BOARD_NOT_FOUND);
      assertWritable(project);
      await ensureBoard(projectId);
      return ctx.transaction(async (tx, publish) => {
        await lockBoard(tx, projectId);
        const columns = await columnsOf(tx, projectId);
        if (columns.length >= BOARD_MAX_COLUMNS) throw new AppError('CONFLICT', `A board can have at most ${BOARD_MAX_COLUMNS} columns`);
        // By default a new column goes just before the last one, which stays the done column.
        const placement =
          input.after_column_id !== undefined
            ? { afterId: Number(input.after_column_id) }
            : columns.length > 0
              ? { beforeId: columns[columns.length - 1].id }
              : {};
        const position = keyForPlacement(columns, null, placement);
        const [column] = await tx
          .insert(boardColumns)
          .values({ projectId, name: input.name, wipLimit: input.wip_limit ?? null, position, createdAt: ctx.now(), updatedAt: ctx.now() })
          .returning();
        await syncDone(tx, projectId);
        changed(publish, actor, projectId, 'columns', { columnId: column.id });
        return presentColumn(column);
      });
    },

    async updateColumn(actor: Actor, columnId: number, input: UpdateColumnInput) {
      return ctx.transaction(async (tx, publish) => {
        const { column, project } = await loadColumn(tx, actor, columnId);
        const [updated] = await tx
          .update(boardColumns)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.wip_limit !== undefined ? { wipLimit: input.wip_limit } : {}),
            updatedAt: ctx.now(),
          })
          .where(eq(boardColumns.id, column.id))
          .returning();
        changed(publish, actor, project.id, 'columns', { columnId });
        return presentColumn(updated);
      });
    },

    async moveColumn(actor: Actor, columnId: number, input: MoveColumnInput) {
      return ctx.transaction(async (tx, publish) => {
        const { project } = await loadColumn(tx, actor, columnId);
        await lockBoard(tx, project.id);
        const columns = await columnsOf(tx, project.id);
        const position = keyForPlacement(columns, columnId, {
          afterId: input.after_column_id !== undefined ? Number(input.after_column_id) : undefined,
          beforeId: input.before_column_id !== undefined ? Number(input.before_column_id) : undefined,
        });
        const [updated] = await tx.update(boardColumns).set({ position, updatedAt: ctx.now() }).where(eq(boardColumns.id, columnId)).returning();
        await syncDone(tx, project.id);
        changed(publish, actor, project.id, 'columns', { columnId });
        return presentColumn(updated);
      });
    },

    async deleteColumn(actor: Actor, columnId: number) {
      await ctx.transaction(async (tx, publish) => {
        const { project } = await loadColumn(tx, actor, columnId);
        await lockBoard(tx, project.id);
        const column = await lockColumn(tx, project.id, columnId, COLUMN_NOT_FOUND);
        if ((await cardCount(tx, columnId)) > 0)
          throw new AppError('COLUMN_NOT_EMPTY', `Only an empty column can be deleted; move the cards out of "${column.name}" first`);
        const [row] = await tx.select({ n: count() }).from(boardColumns).where(eq(boardColumns.projectId, project.id));
        if (Number(row?.n ?? 0) <= 1) throw new AppError('CONFLICT', 'A board keeps at least one column');
        await tx.delete(boardColumns).where(eq(boardColumns.id, columnId));
        await syncDone(tx, project.id);
        changed(publish, actor, project.id, 'columns', { columnId });
      });
    },

    /** The caller's open cards across the projects they work on: overdue and due soon first. */
    async myCards(actor: Actor): Promise<MyCard[]> {
      assertCan(actor, 'board:overview', null);
      const rows = await ctx.db
        .select({
          id: boardCards.id,
          title: boardCards.title,
          projectId: projects.id,
          projectTitle: projects.title,
          columnName: boardColumns.name,
          dueDate: boardCards.dueDate,
          labels: boardCards.labels,
          checklist: boardCards.checklist,
        })
        .from(boardCards)
        .innerJoin(projects, eq(projects.id, boardCards.projectId))
        .innerJoin(boardColumns, eq(boardColumns.id, boardCards.columnId))
        .where(
          and(
            sql`${boardCards.assigneeIds} @> array[${actor.id}]::bigint[]`,
            isNull(boardCards.doneAt),
            inArray(projects.status, ['approved', 'in_progress']),
            visibleBoards(actor),
          ),
        )
        .orderBy(sql`${boardCards.dueDate} asc nulls last`, asc(boardCards.id))
        .limit(100);
      return rows.map((r) => ({
        id: String(r.id),
        title: r.title,
        project: { id: String(r.projectId), title: r.projectTitle },
        column_name: r.columnName,
        due_date: r.dueDate,
        labels: r.labels,
        checklist_done: r.checklist.filter((i) => i.done).length,
        checklist_total: r.checklist.length,
      }));
    },

    /** Each open project's board at a glance: cards per column, done, overdue and unassigned. */
    async summaries(actor: Actor): Promise<BoardSummary[]> {
      assertCan(actor, 'board:overview', null);
      const today = ctx.now().toISOString().slice(0, 10);
      const open = await ctx.db
        .select({ id: projects.id, title: projects.title, status: projects.status, board: boards.projectId })
        .from(projects)
        .leftJoin(boards, eq(boards.projectId, projects.id))
        .where(and(inArray(projects.status, ['approved', 'in_progress']), visibleBoards(actor)))
        .orderBy(desc(projects.id))
        .limit(50);
      if (open.length === 0) return [];
      // A project whose board nobody has opened yet gets its default columns now, as opening it would: the
      // summary shows every open project, empty boards included.
      for (const p of open) if (p.board === null) await ensureBoard(p.id);
      const ids = open.map((p) => p.id);
      const [columns, counts] = await Promise.all([
        ctx.db.select().from(boardColumns).where(inArray(boardColumns.projectId, ids)).orderBy(asc(boardColumns.position)),
        ctx.db
          .select({
            columnId: boardCards.columnId,
            n: count(),
            overdue: sql<number>`count(*) filter (where ${boardCards.doneAt} is null and ${boardCards.dueDate} < ${today})`,
            unassigned: sql<number>`count(*) filter (where ${boardCards.doneAt} is null and cardinality(${boardCards.assigneeIds}) = 0)`,
            done: sql<number>`count(*) filter (where ${boardCards.doneAt} is not null)`,
          })
          .from(boardCards)
          .where(inArray(boardCards.projectId, ids))
          .groupBy(boardCards.columnId),
      ]);
      const byColumn = new Map(counts.map((c) => [c.columnId, c]));
      return open.map((p) => {
        const own = columns.filter((c) => c.projectId === p.id);
        const tally = own.map((c) => byColumn.get(c.id));
        const sum = (pick: (t: NonNullable<(typeof tally)[number]>) => number) => tally.reduce((n, t) => n + (t ? Number(pick(t)) : 0), 0);
        return {
          project: { id: String(p.id), title: p.title, status: p.status },
          columns: own.map((c) => ({ id: String(c.id), name: c.name, count: Number(byColumn.get(c.id)?.n ?? 0), wip_limit: c.wipLimit })),
          total: sum((t) => t.n),
          done: sum((t) => t.done),
          overdue: sum((t) => t.overdue),
          unassigned: sum((t) => t.unassigned),
        };
      });
    },

    /** What anyone who may see the project (its client included) may know: counts per column, never the cards. */
    async progress(actor: Actor, projectId: number): Promise<ProjectProgress> {
      const project = await loadProject(ctx.db, projectId, 'Project not found');
      assertCan(actor, 'project:read', project.facts, 'Project not found');
      const columns = await columnsOf(ctx.db, projectId);
      if (columns.length === 0) return { has_board: false, columns: [], total: 0, done: 0 };
      const counts = await ctx.db
        .select({ columnId: boardCards.columnId, n: count() })
        .from(boardCards)
        .where(eq(boardCards.projectId, projectId))
        .groupBy(boardCards.columnId);
      const byColumn = new Map(counts.map((c) => [c.columnId, Number(c.n)]));
      const doneId = doneColumnId(columns);
      return {
        has_board: true,
        columns: columns.map((c) => ({ name: c.name, count: byColumn.get(c.id) ?? 0 })),
        total: counts.reduce((n, c) => n + Number(c.n), 0),
        done: doneId !== null ? (byColumn.get(doneId) ?? 0) : 0,
      };
    },

    limits: { maxFiles: MAX_CARD_ATTACHMENTS, maxBytes: MAX_ATTACHMENT_BYTES },
  };

  async function lockBoard(tx: DbOrTx, projectId: number) {
    await tx.select({ id: boards.projectId }).from(boards).where(eq(boards.projectId, projectId)).for('update');
  }

  async function loadColumn(tx: DbOrTx, actor: Actor, columnId: number) {
    const [column] = await tx.select().from(boardColumns).where(eq(boardColumns.id, columnId)).limit(1);
    if (!column) throw new AppError('NOT_FOUND', COLUMN_NOT_FOUND);
    const project = await loadProject(tx, column.projectId, COLUMN_NOT_FOUND);
    assertCan(actor, 'board:manage_columns', project.facts, COLUMN_NOT_FOUND);
    assertWritable(project);
    return { column, project };
  }
}

function staleCard() {
  return new AppError('STALE_STATE', 'This card changed meanwhile; it has been reloaded, try again');
}

function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export type BoardService = ReturnType<typeof createBoardService>;
