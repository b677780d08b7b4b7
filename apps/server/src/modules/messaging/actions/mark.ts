import { and, count, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { AppError } from '../../../core/errors.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { conversations, messageReads, messages, users } from '../../../db/schema.js';
import type { NotificationService } from '../../notifications/service.js';
import { assertSide, presentMessage, readersOf, unreadByPerson, type MessagingSide } from '../queries.js';

/**
 * The receiving side marks a message delivered or read. On the company's side any of its people marks the super
 * admin's message: each person's read is recorded (`message_reads`), and the message is read (`is_read`, `read_at`)
 * from the first of them.
 */
export function mark(ctx: AppContext, notifications: NotificationService) {
  return async (actor: Actor, side: MessagingSide, id: number, what: 'delivered' | 'read') => {
    assertSide(actor, side);
    const [found] = await ctx.db
      .select({ message: messages, companyId: conversations.companyId, clientId: conversations.clientId })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.id, id))
      .limit(1);
    if (!found) throw new AppError('NOT_FOUND', 'Message not found');
    const row = found.message;
    const toCompany = row.receiverId === found.clientId;
    assertCan(
      actor,
      'message:mark',
      { senderId: row.senderId, receiverId: row.receiverId, companyId: found.companyId, toClient: toCompany },
      'Message not found',
    );
    const now = ctx.now();
    const at = sql`coalesce(${messages.deliveredAt}, ${now.toISOString()}::timestamptz)`;
    const changes =
      what === 'delivered'
        ? { deliveredAt: at }
        : { deliveredAt: at, readAt: sql`coalesce(${messages.readAt}, ${now.toISOString()}::timestamptz)`, isRead: 1 };
    const updated = await ctx.transaction(async (tx, publish) => {
      const [marked] = await tx.update(messages).set(changes).where(eq(messages.id, id)).returning();
      if (what === 'read') {
        if (toCompany) await tx.insert(messageReads).values({ messageId: id, userId: actor.id, readAt: now }).onConflictDoNothing();
        // Once nothing in the conversation is unread for this person, their bell notification about it is read too.
        const unread = toCompany
          ? unreadByPerson(actor.id, found.companyId, marked.conversationId)
          : and(eq(messages.conversationId, marked.conversationId), eq(messages.receiverId, actor.id), eq(messages.isRead, 0));
        const [left] = await tx.select({ n: count() }).from(messages).where(unread);
        if (Number(left?.n ?? 0) === 0) await notifications.settleConversation(tx, actor.id, marked.conversationId);
      }
      publish({
        type: 'message.receipt',
        messageId: marked.id,
        conversationId: marked.conversationId,
        senderId: marked.senderId,
        receiverId: marked.receiverId,
        companyId: found.companyId,
        receipt: what,
      });
      return marked;
    });
    const [sender] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, updated.senderId)).limit(1);
    const readBy = toCompany ? ((await readersOf(ctx.db, [id])).get(id) ?? []) : undefined;
    return presentMessage(ctx, { ...updated, senderName: sender?.name ?? '' }, actor.sessionId, now, readBy);
  };
}
