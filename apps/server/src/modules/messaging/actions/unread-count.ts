import { and, count, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan, companyOf } from '../../../core/policy.js';
import type { AppContext } from '../../../context.js';
import { messages } from '../../../db/schema.js';
import { unreadByPerson } from '../queries.js';

export function unreadCount(ctx: AppContext) {
  return async (actor: Actor) => {
    assertCan(actor, 'messaging:use', null);
    const [row] = await ctx.db
      .select({ n: count() })
      .from(messages)
      // A client counts the super admin's messages to its company that it has not read itself.
      .where(actor.role === 'client' ? unreadByPerson(actor.id, companyOf(actor)) : and(eq(messages.receiverId, actor.id), eq(messages.isRead, 0)));
    return Number(row?.n ?? 0);
  };
}
