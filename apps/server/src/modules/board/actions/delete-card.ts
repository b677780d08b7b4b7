import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { boardCardAttachments, boardCards } from '../../../db/schema.js';
import { changed, staleCard } from '../changes.js';
import { assertWritable, CARD_NOT_FOUND, loadProject } from '../queries.js';

export function deleteCard(ctx: AppContext) {
  return async (actor: Actor, cardId: number, version: number): Promise<void> => {
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
  };
}
