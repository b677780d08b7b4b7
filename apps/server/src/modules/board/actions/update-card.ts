import type { Card, UpdateCardInput } from '@agency/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { boardCards } from '../../../db/schema.js';
import type { NotificationService } from '../../notifications/service.js';
import { changed, cleanChecklist, cleanLabels, notifyAssigned, recordEvent, staleCard } from '../changes.js';
import { assertAssignable, assertWritable, loadCard, type CardRow } from '../queries.js';
import { getCard } from './get-card.js';

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function updateCard(ctx: AppContext, notifications: NotificationService) {
  const readCard = getCard(ctx);
  return async (actor: Actor, cardId: number, input: UpdateCardInput): Promise<Card> => {
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
      await recordEvent(ctx, tx, cardId, actor, 'updated', `changed ${listOf(what)}`);
      await notifyAssigned(notifications, tx, publish, actor, project, cardId, updated.title, added);
      changed(publish, actor, project.id, 'card_updated', { cardId });
    });
    return readCard(actor, cardId);
  };
}
