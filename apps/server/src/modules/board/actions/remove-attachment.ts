import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import type { AppContext } from '../../../context.js';
import { boardCardAttachments, boardCards } from '../../../db/schema.js';
import { changed, recordEvent } from '../changes.js';
import { assertWritable, loadCard } from '../queries.js';

export function removeAttachment(ctx: AppContext) {
  return async (actor: Actor, cardId: number, attachmentId: number): Promise<void> => {
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
      await recordEvent(ctx, tx, cardId, actor, 'attachment_removed', `removed ${removed.name}`);
      changed(publish, actor, project.id, 'card_files', { cardId });
      return removed.storedFilename;
    });
    await ctx.storage.remove(key);
  };
}
