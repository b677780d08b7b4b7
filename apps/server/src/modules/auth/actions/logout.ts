import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor.js';
import type { AppContext } from '../../../context.js';
import { sessions } from '../../../db/schema.js';

export function logout(ctx: AppContext) {
  return async (actor: Actor) => {
    await ctx.transaction(async (tx, publish) => {
      await tx.update(sessions).set({ revokedAt: ctx.now() }).where(eq(sessions.id, actor.sessionId));
      publish({ type: 'session.revoked', sessionId: actor.sessionId });
    });
  };
}
