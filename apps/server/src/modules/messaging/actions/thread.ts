import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { messages } from '../../../db/schema.js';
import { assertSide, presentMessage, resolveConversation, type MessagingSide } from '../queries.js';

export function thread(ctx: AppContext) {
  return async (actor: Actor, side: MessagingSide, conversationId: string) => {
    assertSide(actor, side);
    await resolveConversation(ctx.db, actor, conversationId);
    const rows = await ctx.db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.id)).limit(1000);
    const now = ctx.now();
    return rows.map((r) => presentMessage(ctx, r, actor.sessionId, now));
  };
}
