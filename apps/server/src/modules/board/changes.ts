import { BOARD_DEFAULT_COLUMNS, type CardEventKind } from '@agency/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import type { BoardChange, Publish } from '../../core/events.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { boardCardEvents, boardCards, boardColumns, boards, type ChecklistRow } from '../../db/schema.js';
import type { NotificationService } from '../notifications/service.js';
import { doneColumnId, initialKeys } from './ordering.js';
import { columnsOf, type ProjectInfo } from './queries.js';

/** Trimmed, de-duplicated labels in the order given. */
export function cleanLabels(labels: readonly string[]): string[] {
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

export function cleanChecklist(items: readonly ChecklistRow[]): ChecklistRow[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.id) && seen.add(i.id)).map((i) => ({ id: i.id, text: i.text.trim(), done: i.done }));
}

export function staleCard() {
  return new AppError('STALE_STATE', 'This card changed meanwhile; it has been reloaded, try again');
}

/** The board row and its default columns, made once however many people open a new board at the same time. */
export async function ensureBoard(ctx: AppContext, projectId: number) {
  await ctx.transaction(async (tx) => {
    const created = await tx.insert(boards).values({ projectId, createdAt: ctx.now() }).onConflictDoNothing().returning({ id: boards.projectId });
    if (created.length === 0) return;
    const keys = initialKeys(BOARD_DEFAULT_COLUMNS.length);
    await tx.insert(boardColumns).values(BOARD_DEFAULT_COLUMNS.map((name, i) => ({ projectId, name, position: keys[i] })));
  });
}

/** After the columns change: cards in the (new) last column are done, all others are not. */
export async function syncDone(ctx: AppContext, tx: DbOrTx, projectId: number) {
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

export async function recordEvent(ctx: AppContext, tx: DbOrTx, cardId: number, actor: Actor, kind: CardEventKind, summary: string) {
  await tx.insert(boardCardEvents).values({ cardId, actorId: actor.id, kind, summary, createdAt: ctx.now() });
}

export function changed(publish: Publish, actor: Actor, projectId: number, change: BoardChange, ids: { cardId?: number; columnId?: number } = {}) {
  publish({ type: 'board.changed', projectId, change, actorId: actor.id, ...ids });
}

export async function notifyAssigned(
  notifications: NotificationService,
  tx: DbOrTx,
  publish: Publish,
  actor: Actor,
  project: ProjectInfo,
  cardId: number,
  title: string,
  userIds: number[],
) {
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
