import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../core/errors.js';
import type { AppContext } from '../../../context.js';
import { boardCardAttachments } from '../../../db/schema.js';

/** The file behind a signed download link (the signature is the proof of access). */
export function findAttachment(ctx: AppContext) {
  return async (cardId: number, attachmentId: number) => {
    const [row] = await ctx.db
      .select()
      .from(boardCardAttachments)
      .where(and(eq(boardCardAttachments.id, attachmentId), eq(boardCardAttachments.cardId, cardId)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Attachment not found');
    return row;
  };
}
