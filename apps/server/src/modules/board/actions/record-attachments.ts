import { MAX_CARD_ATTACHMENTS } from '@agency/schema';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import type { AppContext } from '../../../context.js';
import { boardCardAttachments, boardCards } from '../../../db/schema.js';
import { assertWithinQuota } from '../../storage/service.js';
import { changed, recordEvent } from '../changes.js';
import { assertWritable, loadCard } from '../queries.js';
import { getCard } from './get-card.js';

export function recordAttachments(ctx: AppContext) {
  const readCard = getCard(ctx);
  return async (actor: Actor, cardId: number, files: { name: string; mime: string; size: number; storedFilename: string }[]) => {
    await ctx.transaction(async (tx, publish) => {
      const { card, project } = await loadCard(tx, actor, cardId, 'board:edit', true);
      assertWritable(project);
      if (card.attachmentCount + files.length > MAX_CARD_ATTACHMENTS) {
        throw new AppError('PAYLOAD_TOO_LARGE', `A card can have at most ${MAX_CARD_ATTACHMENTS} attachments`);
      }
      const now = ctx.now();
      await tx.insert(boardCardAttachments).values(files.map((f) => ({ ...f, cardId, uploadedBy: actor.id, createdAt: now })));
      await assertWithinQuota(tx, ctx.config.storageQuotaBytes, actor);
      await tx
        .update(boardCards)
        .set({ attachmentCount: sql`${boardCards.attachmentCount} + ${files.length}` })
        .where(eq(boardCards.id, cardId));
      await recordEvent(ctx, tx, cardId, actor, 'attachment_added', `attached ${files.map((f) => f.name).join(', ')}`);
      changed(publish, actor, project.id, 'card_files', { cardId });
    });
    return readCard(actor, cardId);
  };
}
