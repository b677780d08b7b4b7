import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { messages } from '../../../db/schema.js';
import { assertSide, messagesWithSenders, presentMessage, readersOf, resolveConversation, type MessagingSide } from '../queries.js';

/** A conversation's messages, oldest first; the super admin's say who of the company has read them (`read_by`). */
export function thread(ctx: AppContext) {
  return async (actor: Actor, side: MessagingSide, conversationId: string) => {
    assertSide(actor, side);
    const conversation = await resolveConversation(ctx.db, actor, conversationId);
    const rows = await messagesWithSenders(ctx.db).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.id)).limit(1000);
    // The super admin writes to the person who asked for the project; the company's people write to the super admin.
    const toCompany = (row: (typeof rows)[number]) => row.message.receiverId === conversation.clientId;
    const readers = await readersOf(
      ctx.db,
      rows.filter(toCompany).map((r) => r.message.id),
    );
    const now = ctx.now();
    return rows.map((r) =>
      presentMessage(
        ctx,
        { ...r.message, senderName: r.senderName },
        actor.sessionId,
        now,
        toCompany(r) ? (readers.get(r.message.id) ?? []) : undefined,
      ),
    );
  };
}
