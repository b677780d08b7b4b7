import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { messages } from '../../../db/schema.js';
import type { NotificationService } from '../../notifications/service.js';
import { assertSide, presentMessage, type MessagingSide } from '../queries.js';

export function mark(ctx: AppContext, notifications: NotificationService) {
  return async (actor: Actor, side: MessagingSide, id: number, what: 'delivered' | 'read') => {
    assertSide(actor, side);
    const [row] = await ctx.db.select().from(messages).where(eq(messages.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Message not found');
    assertCan(actor, 'message:mark', { senderId: row.senderId, receiverId: row.receiverId }, 'Message not found');
    const now = ctx.now();
    const changes =
      what === 'delivered'
        ? { deliveredAt: sql`coalesce(${messages.deliveredAt}, ${now.toISOString()}::timestamptz)` }
        : {
            deliveredAt: sql`coalesce(${messages.deliveredAt}, ${now.toISOString()}::timestamptz)`,
            readAt: sql`coalesce(${messages.readAt}, ${now.toISOString()}::timestamptz)`,
            isRead: 1,
          };
    const updated = await ctx.transaction(async (tx, publish) => {
      const [marked] = await tx.update(messages).set(changes).where(eq(messages.id, id)).returning();
      if (what === 'read') await notifications.settleConversation(tx, marked.receiverId, marked.conversationId);
      publish({
        type: 'message.receipt',
        messageId: marked.id,
        conversationId: marked.conversationId,
        senderId: marked.senderId,
        receiverId: marked.receiverId,
        receipt: what,
      });
      return marked;
    });
    return presentMessage(ctx, updated, actor.sessionId, now);
  };
}
