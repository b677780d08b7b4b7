import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import { assertCan } from '../../../core/policy.js';
import { timers } from '../../../db/schema.js';
import type { TimeDeps } from '../deps.js';

/** Throws the caller's running timer away without an entry (a timer left running over a weekend). */
export function discardTimer({ ctx }: TimeDeps) {
  return async (actor: Actor) => {
    assertCan(actor, 'time:own', null);
    await ctx.db.delete(timers).where(eq(timers.userId, actor.id));
  };
}
