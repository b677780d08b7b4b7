import type { CardComment } from '@agency/schema';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { boardCardComments, boardCards } from '../../../db/schema.js';
import type { NotificationService } from '../../notifications/service.js';
import { changed, recordEvent } from '../changes.js';
import { assertWritable, loadCard, presentComment } from '../queries.js';

export function addComment(ctx: AppContext, notifications: NotificationService) {
  return async (actor: Actor, cardId: number, body: string): Promise<CardComment> => {
    return ctx.transaction(async (tx, publish) => {
      const { card, project } = await loadCard(tx, actor, cardId, 'board:edit');
      assertWritable(project);
      const [comment] = await tx.insert(boardCardComments).values({ cardId, authorId: actor.id, body, createdAt: ctx.now() }).returning();
      await tx
        .update(boardCards)
        .set({ commentCount: sql`${boardCards.commentCount} + 1` })
        .where(eq(boardCards.id, cardId));
      await recordEvent(ctx, tx, cardId, actor, 'commented', 'commented');
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
  };
}
