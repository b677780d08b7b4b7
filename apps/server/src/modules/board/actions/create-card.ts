import type { Card, CreateCardInput } from '@agency/schema';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { boardCards } from '../../../db/schema.js';
import type { NotificationService } from '../../notifications/service.js';
import { changed, cleanChecklist, cleanLabels, notifyAssigned, recordEvent } from '../changes.js';
import { assertRoomInColumn, keyForPlacement } from '../ordering.js';
import { assertAssignable, assertWritable, BOARD_NOT_FOUND, cardCount, isDoneColumn, loadProject, lockColumn, siblingsOf } from '../queries.js';
import { getCard } from './get-card.js';

export function createCard(ctx: AppContext, notifications: NotificationService) {
  const readCard = getCard(ctx);
  return async (actor: Actor, projectId: number, input: CreateCardInput): Promise<Card> => {
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
      await recordEvent(ctx, tx, card.id, actor, 'created', `created the card in "${column.name}"`);
      await notifyAssigned(notifications, tx, publish, actor, project, card.id, card.title, assignees);
      changed(publish, actor, projectId, 'card_created', { cardId: card.id, columnId: column.id });
      return card;
    });
    return readCard(actor, created.id);
  };
}
