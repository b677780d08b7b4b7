import { and, count, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { messages } from '../../../db/schema.js';

export function unreadCount(ctx: AppContext) {
  return async (actor: Actor) => {
    assertCan(actor, 'messaging:use', null);
    const [row] = await ctx.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.receiverId, actor.id), eq(messages.isRead, 0)));
    return Number(row?.n ?? 0);
  };
}
