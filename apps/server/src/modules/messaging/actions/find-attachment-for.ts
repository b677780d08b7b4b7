import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { conversations, messages, messageUploads } from '../../../db/schema.js';

/**
 * The stored file of a sent message; with an actor, only when the actor sent or received that message, or is a
 * person of the company whose conversation it is.
 */
export function findAttachmentFor(ctx: AppContext) {
  return async (actor: Actor | null, storedFilename: string) => {
    const [row] = await ctx.db
      .select({
        attachments: messages.attachments,
        senderId: messages.senderId,
        receiverId: messages.receiverId,
        companyId: conversations.companyId,
      })
      .from(messages)
      .innerJoin(messageUploads, eq(messageUploads.messageId, messages.id))
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messageUploads.storedFilename, storedFilename))
      .limit(1);
    if (!row) return null;
    if (actor && actor.id !== row.senderId && actor.id !== row.receiverId && !(actor.role === 'client' && actor.companyId === row.companyId)) {
      return null;
    }
    return row.attachments.find((a) => a.stored_filename === storedFilename) ?? null;
  };
}
